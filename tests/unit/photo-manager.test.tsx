// @vitest-environment happy-dom
// The member's photo manager: what it shows for the limit, and how
// it talks to /api/photos (client header, confirm before delete, server errors).
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import i18next from "i18next";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { createRoutesStub } from "react-router";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { ToastHost } from "#app/components/layout/toast-host.tsx";
import { type OwnPhoto, type OwnPhotos, PhotoManager } from "#app/components/photos/photo-manager.tsx";
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

let props: { initial: OwnPhotos; paid: boolean };
function Screen() {
  return <PhotoManager {...props} />;
}

function show(initial: OwnPhotos, paid = false) {
  props = { initial, paid };
  const Stub = createRoutesStub([{ path: "/profile", Component: Screen }]);
  return render(
    <I18nextProvider i18n={i18next}>
      <Stub initialEntries={["/profile"]} />
      <ToastHost />
    </I18nextProvider>,
  );
}

describe("photo manager", () => {
  it("shows the count, the main photo and status badges, and an accessible upload field", async () => {
    show({
      photos: [photo(1, { is_main: true }), photo(2, { status: "pending", is_private: true })],
      limit: { used: 2, max: 3, premium_max: 25 },
    });
    expect(await screen.findByText("2 van 3 foto's")).toBeTruthy();
    expect(screen.getByText("Hoofdfoto")).toBeTruthy();
    expect(screen.getByText("Wacht op controle")).toBeTruthy();
    expect(screen.getByText("Privé")).toBeTruthy();
    const input = screen.getByLabelText("Foto toevoegen") as HTMLInputElement;
    expect(input.type).toBe("file");
    expect(input.accept).toBe("image/jpeg,image/png,image/webp");
    // Only a public photo that is not main yet can be made main.
    expect(screen.queryAllByRole("button", { name: "Maak hoofdfoto" })).toHaveLength(0);
    expect(screen.getByRole("button", { name: "Maak openbaar" })).toBeTruthy();
  });

  it("tells a free member at the limit that premium members may post 25, with a link", async () => {
    show({ photos: [1, 2, 3].map((id) => photo(id)), limit: { used: 3, max: 3, premium_max: 25 } });
    expect(await screen.findByText(/Premiumleden kunnen tot 25 foto's plaatsen/)).toBeTruthy();
    expect(screen.getByRole("link", { name: "Word premiumlid" }).getAttribute("href")).toBe("/premium");
    expect(screen.queryByLabelText("Foto toevoegen")).toBeNull();
  });

  it("says nothing about premium to a premium member", async () => {
    show({ photos: [], limit: { used: 25, max: 25, premium_max: 25 } }, true);
    expect(await screen.findByText(/maximale aantal foto's bereikt/)).toBeTruthy();
    expect(screen.queryByRole("link")).toBeNull();
  });

  it("asks before deleting, then deletes with the client header and shows the new list", async () => {
    const fetch = vi.fn(async (_url: string, init?: RequestInit) => {
      if (init?.method === "DELETE") return new Response(null, { status: 204 });
      return Response.json({ photos: [photo(2, { is_main: true })], limit: { used: 1, max: 3, premium_max: 25 } });
    });
    vi.stubGlobal("fetch", fetch);
    show({ photos: [photo(1, { is_main: true }), photo(2)], limit: { used: 2, max: 3, premium_max: 25 } });

    fireEvent.click((await screen.findAllByRole("button", { name: "Verwijderen" }))[0]!);
    const confirm = screen.getByRole("button", { name: "Ja, verwijderen" });
    await waitFor(() => expect(document.activeElement).toBe(confirm));
    fireEvent.click(confirm);

    expect(await screen.findByText("De foto is verwijderd.")).toBeTruthy();
    const [url, init] = fetch.mock.calls.find(([, init]) => init?.method === "DELETE")!;
    expect(url).toBe("/api/photos/1");
    expect(new Headers(init?.headers).get("X-Requested-With")).toBe("XMLHttpRequest");
    expect(screen.getByText("1 van 3 foto's")).toBeTruthy();
    expect(screen.getAllByRole("img")).toHaveLength(1);
  });

  it("shows the server's message when an upload is refused", async () => {
    const sent: { headers: Headers; body: FormData | null } = { headers: new Headers(), body: null };
    vi.stubGlobal(
      "fetch",
      vi.fn(async (_url: string, init?: RequestInit) => {
        sent.headers = new Headers(init?.headers);
        sent.body = init?.body as FormData;
        return Response.json(
          { error: "photo_limit", max: 3, message: "Je hebt het maximum van 3 foto's bereikt." },
          { status: 403 },
        );
      }),
    );
    show({ photos: [], limit: { used: 0, max: 3, premium_max: 25 } });

    fireEvent.click(await screen.findByLabelText(/Als privéfoto plaatsen/));
    const file = new File([new Uint8Array([0xff, 0xd8, 0xff])], "me.jpg", { type: "image/jpeg" });
    fireEvent.change(screen.getByLabelText("Foto toevoegen"), { target: { files: [file] } });

    expect((await screen.findByRole("alert")).textContent).toBe("Je hebt het maximum van 3 foto's bereikt.");
    expect(sent.headers.get("X-Requested-With")).toBe("XMLHttpRequest");
    expect(sent.body?.get("private")).toBe("1");
    expect(sent.body?.get("photo")).toBeInstanceOf(Blob);
  });
});
