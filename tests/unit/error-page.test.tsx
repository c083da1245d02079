// @vitest-environment happy-dom
import { cleanup, render, screen } from "@testing-library/react";
import i18next from "i18next";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { createRoutesStub } from "react-router";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { ErrorPage, ErrorPageGuard } from "#app/components/layout/error-page.tsx";
import errorsEn from "../../locales/en/errors.json";
import errorsNl from "../../locales/nl/errors.json";

beforeAll(async () => {
  await i18next.use(initReactI18next).init({
    lng: "nl",
    resources: { nl: { errors: errorsNl }, en: { errors: errorsEn } },
    interpolation: { escapeValue: false },
  });
});
afterEach(cleanup);

let thrown: unknown;
function Throwing(): never {
  throw thrown;
}
function Boundary() {
  return <ErrorPage error={thrown} />;
}
function Broken(): never {
  throw new Error("broken error page");
}

function renderError(error: unknown, lng = "nl") {
  void i18next.changeLanguage(lng);
  thrown = error;
  const Stub = createRoutesStub([{ path: "/", Component: Throwing, ErrorBoundary: Boundary }]);
  return render(
    <I18nextProvider i18n={i18next}>
      <Stub initialEntries={["/"]} />
    </I18nextProvider>,
  );
}

const routeError = (status: number, data: unknown) => ({ status, statusText: "", internal: false, data });

describe("error page", () => {
  it("says a missing page could not be found, with a link home", async () => {
    renderError(routeError(404, null), "en");
    expect(await screen.findByRole("heading", { name: "This page could not be found" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Back to the home page" }).getAttribute("href")).toBe("/");
  });

  it("shows a route error's message and status", async () => {
    renderError(routeError(400, { message: "Deze zoekopdracht klopt niet." }));
    expect(await screen.findByRole("heading", { name: "Deze zoekopdracht klopt niet." })).toBeTruthy();
    expect(screen.getByText("Foutcode 400")).toBeTruthy();
  });

  it("never shows an exception's text: the word Error and status 500", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    renderError(new Error("SQLITE_BUSY: secret detail"), "en");
    expect(await screen.findByRole("heading", { name: "Error" })).toBeTruthy();
    expect(screen.getByText("Error code 500")).toBeTruthy();
    expect(document.body.textContent).not.toContain("SQLITE_BUSY");
  });

  it("falls back to a plain page when the error page itself fails", () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    render(
      <ErrorPageGuard>
        <Broken />
      </ErrorPageGuard>,
    );
    expect(screen.getByRole("heading", { name: "An error occurred while showing the error page" })).toBeTruthy();
    expect(screen.getByRole("link").getAttribute("href")).toBe("/");
  });
});
