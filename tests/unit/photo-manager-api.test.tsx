// @vitest-environment happy-dom
// The photo manager talks to /api/photos like every other call does: an ended
// session logs the member out, a passing failure of a change is retried, an
// upload is sent once (it may have been stored), and each outcome is a toast.
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import i18next from "i18next";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { createRoutesStub } from "react-router";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { ToastHost } from "#app/components/layout/toast-host.tsx";
import { type OwnPhoto, type OwnPhotos, PhotoManager } from "#app/components/photos/photo-manager.tsx";
import { whenSessionEnds } from "#app/components/runtime/api.ts";
import commonNl from "../../locales/nl/common.json";
import photosNl from "../../locales/nl/photos.json";

beforeAll(async () => {
  await i18next.use(initReactI18next).init({
    lng: "nl",
    resources: { nl: { photos: photosNl, common: commonNl } },
    interpolation: { escapeValue: false },
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const photo = (id: number, overrides: Partial<OwnPhoto> = {}): OwnPhoto => ({
  id,
  thumb: `/media/photos/u/1/${id}-t.jpg`,
  url: `/media/photos/u/1/${id}.jpg`,
  status: "active",
  is_private: false,
  is_main: false,
  position: id,
  ...overrides,
});
const twoPhotos: OwnPhotos = { photos: [photo(1, { is_main: true }), photo(2)], limit: { used: 2, max: 3 } };

let shown: OwnPhotos;
function Screen() {
  return (
    <>
      <PhotoManager initial={shown} paid={false} />
      <ToastHost />
    </>
  );
}

function show(initial: OwnPhotos) {
  shown = initial;
  const Stub = createRoutesStub([{ path: "/profile", Component: Screen }]);
  render(
    <I18nextProvider i18n={i18next}>
      <Stub initialEntries={["/profile"]} />
    </I18nextProvider>,
  );
}

const calls = (fetch: ReturnType<typeof vi.fn>, method: string) =>
  fetch.mock.calls.filter(([, init]) => (init as RequestInit | undefined)?.method === method).length;

describe("photo manager and the API", () => {
  it("logs the member out when the server says the session has ended", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => Response.json({ error: "authentication_required" }, { status: 403 })),
    );
    const ended = vi.fn();
    const stop = whenSessionEnds(ended);
    show(twoPhotos);
    fireEvent.click(await screen.findByRole("button", { name: "Maak hoofdfoto" }));
    await waitFor(() => expect(ended).toHaveBeenCalledOnce());
    stop();
  });

  it("retries a delete that met a passing failure, and takes a photo already gone as deleted, in a toast", async () => {
    const answers = [new Response(null, { status: 503 }), Response.json({ error: "photo_not_found" }, { status: 404 })];
    const fetch = vi.fn(async (_url: string, init?: RequestInit) =>
      init?.method === "DELETE"
        ? answers.shift()!
        : Response.json({ photos: [photo(1, { is_main: true })], limit: { used: 1, max: 3 } }),
    );
    vi.stubGlobal("fetch", fetch);
    show(twoPhotos);
    fireEvent.click((await screen.findAllByRole("button", { name: "Verwijderen" }))[1]!);
    fireEvent.click(screen.getByRole("button", { name: "Ja, verwijderen" }));

    const toast = await screen.findByTestId("toast", {}, { timeout: 3000 });
    expect(toast.getAttribute("role")).toBe("status");
    expect(toast.textContent).toContain("De foto is verwijderd.");
    expect(calls(fetch, "DELETE")).toBe(2);
    expect(screen.getByText("1 van 3 foto's")).toBeTruthy();
  });

  it("sends an upload once even when the server failed, since it may have kept the photo, and says so in a toast", async () => {
    const fetch = vi.fn(async (_url: string, init?: RequestInit) =>
      init?.method === "POST"
        ? Response.json({ error: "server_error", message: "Er is een fout opgetreden." }, { status: 503 })
        : Response.json({ photos: [], limit: { used: 0, max: 3 } }),
    );
    vi.stubGlobal("fetch", fetch);
    show({ photos: [], limit: { used: 0, max: 3 } });
    const file = new File([new Uint8Array([0xff, 0xd8, 0xff])], "me.jpg", { type: "image/jpeg" });
    fireEvent.change(await screen.findByLabelText("Foto toevoegen"), { target: { files: [file] } });

    const toast = await screen.findByTestId("toast");
    expect(toast.getAttribute("role")).toBe("alert");
    expect(toast.textContent).toContain("Er is een fout opgetreden.");
    await new Promise((resolve) => setTimeout(resolve, 700));
    expect(calls(fetch, "POST")).toBe(1);
  });
});
