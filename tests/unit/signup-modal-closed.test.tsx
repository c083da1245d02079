// @vitest-environment happy-dom
// The desktop signup modal on a domain where this visitor may not sign up:
// it says so at once and offers login, instead of a form refused at the end.
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import i18next from "i18next";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { createRoutesStub, Link } from "react-router";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { SignupModalProvider, useSignupEntry } from "#app/components/accounts/signup-modal.tsx";
import accountsDe from "../../locales/de/accounts.json";
import validationDe from "../../locales/de/validation.json";

beforeAll(async () => {
  await i18next.use(initReactI18next).init({
    lng: "de",
    resources: { de: { accounts: accountsDe, validation: validationDe } },
    interpolation: { escapeValue: false },
  });
  // A desktop: the signup entry opens the modal.
  vi.stubGlobal("matchMedia", (query: string) => ({ matches: true, media: query }));
  // The modal loads its content lazily; loaded here once, so a busy machine's first
  // transform of the form is not counted against the tests' waits.
  await import("#app/components/accounts/signup-form.tsx");
}, 60_000);
afterEach(cleanup);

function Entry() {
  const openSignup = useSignupEntry();
  return (
    <Link to="/signup" onClick={(event) => openSignup?.(event)}>
      open
    </Link>
  );
}

const NoFallback = () => null;

function Page() {
  return (
    <SignupModalProvider minimumAge={18}>
      <Entry />
    </SignupModalProvider>
  );
}

function openModal(signupsOpen: boolean) {
  const Stub = createRoutesStub([
    {
      id: "root",
      path: "/",
      loader: () => ({ signupsOpen }),
      HydrateFallback: NoFallback,
      Component: Page,
    },
  ]);
  render(
    <I18nextProvider i18n={i18next}>
      <Stub initialEntries={["/"]} />
    </I18nextProvider>,
  );
  return (
    screen
      .findByText("open")
      .then((link) => fireEvent.click(link))
      // The click starts the modal's lazy import: wait for it rather than race it on a busy machine.
      .then(() => vi.dynamicImportSettled())
  );
}

// The modal loads the signup form on demand, which on a busy machine takes longer than a test's default 5 s.
describe("the signup modal", { timeout: 20_000 }, () => {
  it("says at once that signups are closed, and offers login", async () => {
    await openModal(false);
    expect(await screen.findByText(accountsDe.signup.closed, undefined, { timeout: 10_000 })).toBeTruthy();
    expect(screen.getByRole("link", { name: accountsDe.signup.goToLogin }).getAttribute("href")).toBe("/login");
    expect(screen.queryByLabelText(accountsDe.fields.password)).toBeNull();
  });

  it("shows the form where signups are open", async () => {
    await openModal(true);
    expect(await screen.findByLabelText(accountsDe.fields.password, undefined, { timeout: 10_000 })).toBeTruthy();
    expect(screen.queryByText(accountsDe.signup.closed)).toBeNull();
  });
});
