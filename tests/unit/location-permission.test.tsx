// @vitest-environment happy-dom
// The location settings read the browser's geolocation permission before any
// click: no button where it cannot work (no geolocation, blocked), a note
// that the browser will ask when it has not been asked, and the change
// followed when the member allows or blocks it in the browser meanwhile.
import { act, cleanup, render, screen } from "@testing-library/react";
import i18next from "i18next";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { createRoutesStub } from "react-router";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { LocationSection } from "#app/components/settings/location-section.tsx";
import accountsEn from "../../locales/en/accounts.json";
import settingsEn from "../../locales/en/settings.json";

beforeAll(async () => {
  await i18next.use(initReactI18next).init({
    lng: "en",
    resources: { en: { settings: settingsEn, accounts: accountsEn } },
    interpolation: { escapeValue: false },
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const location = settingsEn.location as typeof settingsEn.location & {
  permission: Record<"unknown" | "granted" | "denied" | "unsupported", string>;
};

/** A PermissionStatus the test can change, as the browser does when the member answers. */
function permissionStatus(state: PermissionState) {
  const status = { state, onchange: null as null | (() => void) } as {
    state: PermissionState;
    onchange: null | (() => void);
  };
  return {
    status,
    change(next: PermissionState) {
      status.state = next;
      status.onchange?.();
    },
  };
}

function browser(options: { geolocation: boolean; permission?: ReturnType<typeof permissionStatus> | "no api" }) {
  const geolocation = options.geolocation ? { getCurrentPosition: vi.fn() } : undefined;
  const permissions =
    options.permission === "no api" || !options.permission
      ? undefined
      : { query: vi.fn(async () => (options.permission as ReturnType<typeof permissionStatus>).status) };
  const nav = Object.create(navigator) as Record<string, unknown>;
  if (geolocation) Object.defineProperty(nav, "geolocation", { value: geolocation });
  Object.defineProperty(nav, "permissions", { value: permissions });
  if (!geolocation) Object.defineProperty(nav, "geolocation", { value: undefined });
  vi.stubGlobal("navigator", nav);
}

function Screen() {
  return (
    <LocationSection
      defaults={{ country: "NL", region: "" }}
      countries={["NL"]}
      regions={[{ id: 1, country: "NL", name: "Utrecht" }]}
      reply={undefined}
    />
  );
}

async function show() {
  const Stub = createRoutesStub([{ path: "/notifications", Component: Screen }]);
  render(
    <I18nextProvider i18n={i18next}>
      <Stub initialEntries={["/notifications"]} />
    </I18nextProvider>,
  );
  await screen.findByRole("heading", { name: location.title });
}

const locateButton = () => screen.queryByRole("button", { name: location.useMine });

describe("location settings and the geolocation permission", () => {
  it("offers the button and says the browser will ask, when it has not asked yet", async () => {
    browser({ geolocation: true, permission: permissionStatus("prompt") });
    await show();
    expect(await screen.findByText(location.permission.unknown)).toBeTruthy();
    expect(locateButton()).toBeTruthy();
  });

  it("offers the button without a question when the member allowed it before", async () => {
    browser({ geolocation: true, permission: permissionStatus("granted") });
    await show();
    expect(await screen.findByText(location.permission.granted)).toBeTruthy();
    expect(locateButton()).toBeTruthy();
  });

  it("shows no button but how to allow it when the member blocked it, and follows a change", async () => {
    const permission = permissionStatus("denied");
    browser({ geolocation: true, permission });
    await show();
    expect(await screen.findByText(location.permission.denied)).toBeTruthy();
    expect(locateButton()).toBeNull();
    act(() => permission.change("granted"));
    expect(await screen.findByText(location.permission.granted)).toBeTruthy();
    expect(locateButton()).toBeTruthy();
  });

  it("shows no button in a browser without geolocation", async () => {
    browser({ geolocation: false });
    await show();
    expect(await screen.findByText(location.permission.unsupported)).toBeTruthy();
    expect(locateButton()).toBeNull();
  });

  it("treats a browser that cannot tell the permission as not asked yet", async () => {
    browser({ geolocation: true, permission: "no api" });
    await show();
    expect(await screen.findByText(location.permission.unknown)).toBeTruthy();
    expect(locateButton()).toBeTruthy();
  });
});
