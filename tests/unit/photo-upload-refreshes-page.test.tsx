// @vitest-environment happy-dom
// A photo changes what the rest of the page says about the member (the
// "add a photo" banner, the thumbnail in the navigation): after an upload or a
// change the page's loaders run again, without a reload.
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import i18next from "i18next";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { createRoutesStub, Outlet, useLoaderData } from "react-router";
import { afterEach, beforeAll, expect, it, vi } from "vitest";
import { type OwnPhoto, PhotoManager } from "#app/components/photos/photo-manager.tsx";
import photosNl from "../../locales/nl/photos.json";

beforeAll(async () => {
  await i18next.use(initReactI18next).init({
    lng: "nl",
    resources: { nl: { photos: photosNl } },
    interpolation: { escapeValue: false },
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const uploaded: OwnPhoto = {
  id: 7,
  thumb: "/media/photos/u/1/7-t.jpg",
  url: "/media/photos/u/1/7.jpg",
  status: "active",
  is_private: false,
  is_main: true,
  position: 0,
};

// What the frame's loader knows: whether the member has a photo yet.
let hasPhoto = false;

function Frame() {
  const data = useLoaderData<{ hasPhoto: boolean }>();
  return (
    <>
      {!data.hasPhoto && <p data-testid="photo-banner">add a photo</p>}
      <Outlet />
    </>
  );
}

function Profile() {
  return <PhotoManager initial={{ photos: [], limit: { used: 0, max: 3, premium_max: 25 } }} paid={false} />;
}

it("runs the page's loaders again once a photo is uploaded, so the photo banner goes", async () => {
  hasPhoto = false;
  const frame = vi.fn(() => ({ hasPhoto }));
  vi.stubGlobal(
    "fetch",
    vi.fn(async (_url: string, init?: RequestInit) => {
      if (init?.method === "POST") return Response.json({ photo: uploaded }, { status: 201 });
      hasPhoto = true;
      return Response.json({ photos: [uploaded], limit: { used: 1, max: 3, premium_max: 25 } });
    }),
  );
  const Stub = createRoutesStub([
    { id: "frame", path: "/", loader: frame, Component: Frame, children: [{ path: "profile", Component: Profile }] },
  ]);
  render(
    <I18nextProvider i18n={i18next}>
      <Stub initialEntries={["/profile"]} />
    </I18nextProvider>,
  );
  expect(await screen.findByTestId("photo-banner")).toBeTruthy();

  const file = new File([new Uint8Array([0xff, 0xd8, 0xff])], "me.jpg", { type: "image/jpeg" });
  fireEvent.change(screen.getByLabelText("Foto toevoegen"), { target: { files: [file] } });

  expect(await screen.findByText("1 van 3 foto's")).toBeTruthy();
  await vi.waitFor(() => expect(screen.queryByTestId("photo-banner")).toBeNull());
  expect(frame).toHaveBeenCalledTimes(2);
});
