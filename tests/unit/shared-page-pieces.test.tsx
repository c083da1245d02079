// @vitest-environment happy-dom
// Pieces that several pages show alike: the box for writing to a member, the
// package list, a language to choose, the way in for visitors, "Saved" in the
// settings, and a labelled form field with its errors.
import { cleanup, render, screen } from "@testing-library/react";
import i18next from "i18next";
import type { ReactNode } from "react";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { createRoutesStub } from "react-router";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { WriteToMember } from "#app/components/accounts/write-to-member.tsx";
import { Field } from "#app/components/forms/fields.tsx";
import { LanguageChoice } from "#app/components/nav/language-menu.tsx";
import { PackageList } from "#app/components/payments/package-card.tsx";
import { LoginLinks } from "#app/components/profile/login-prompt.tsx";
import { SavedNote } from "#app/components/settings/section.tsx";
import type { PackageOffer } from "#app/server/payments/offers.ts";
import accountsEn from "../../locales/en/accounts.json";
import commonEn from "../../locales/en/common.json";
import membersEn from "../../locales/en/members.json";
import paymentsEn from "../../locales/en/payments.json";
import settingsEn from "../../locales/en/settings.json";
import validationEn from "../../locales/en/validation.json";

beforeAll(async () => {
  await i18next.use(initReactI18next).init({
    lng: "en",
    defaultNS: "common",
    resources: {
      en: {
        accounts: accountsEn,
        common: commonEn,
        members: membersEn,
        payments: paymentsEn,
        settings: settingsEn,
        validation: validationEn,
      },
    },
    interpolation: { escapeValue: false },
  });
  // The signup form is large; transformed once here, not inside a test's wait.
  await import("#app/components/accounts/signup-form.tsx");
}, 60_000);
afterEach(cleanup);

const NoFallback = () => null;
let shown: ReactNode = null;
const Page = () => shown;

/** Renders on a page at /members/7 of a domain where visitors may, or may not, sign up. */
function show(content: ReactNode, { signupsOpen = true } = {}) {
  shown = content;
  const Stub = createRoutesStub([
    {
      id: "root",
      path: "/members/7",
      loader: () => ({ signupsOpen }),
      HydrateFallback: NoFallback,
      Component: Page,
    },
  ]);
  render(
    <I18nextProvider i18n={i18next}>
      <Stub initialEntries={["/members/7"]} />
    </I18nextProvider>,
  );
}

const offer = (id: number, style: PackageOffer["style"] = "p0"): PackageOffer => ({
  id,
  credits: id * 10,
  currency: "EUR",
  style,
  popular: style === "p1",
  priceCents: id * 500,
  amountCents: id * 500,
});

describe("the box for writing to a member", () => {
  const writeToAnna = (
    <WriteToMember
      memberId={7}
      limits={{ minimumAge: 18, maxBirthDate: "2008-01-01" }}
      className="card p-6"
      titleId="signup-title"
      title="Write to Anna"
      intro="Sign up free"
    />
  );

  it("names the member in its heading and carries the first message to them", async () => {
    show(writeToAnna);
    const box = await screen.findByRole("region", { name: "Write to Anna" }, { timeout: 10_000 });
    expect(box.className).toBe("card p-6");
    expect(await screen.findByLabelText(accountsEn.signup.message, undefined, { timeout: 10_000 })).toBeTruthy();
    expect(box.querySelector<HTMLInputElement>('input[name="target"]')?.value).toBe("7");
  });

  it("offers login instead where visitors may not sign up", async () => {
    show(writeToAnna, { signupsOpen: false });
    expect(await screen.findByText(accountsEn.signup.closed)).toBeTruthy();
  });
});

describe("the package list", () => {
  it("says there are no packages when none is offered", async () => {
    show(<PackageList offers={[]} entry={() => ({ to: "/x", action: "Buy" })} />);
    expect(await screen.findByText(paymentsEn.credits.noPackages)).toBeTruthy();
  });

  it("shows each package leading where the page says", async () => {
    show(
      <PackageList offers={[offer(1), offer(2, "p1")]} entry={(o) => ({ to: `/credits/${o.id}`, action: "Buy" })} />,
    );
    await screen.findByTestId("package-p1");
    const links = screen.getAllByRole("link").map((link) => link.getAttribute("href"));
    expect(links).toEqual(["/credits/1", "/credits/2"]);
    expect(screen.queryByText(paymentsEn.credits.noPackages)).toBeNull();
  });
});

describe("a language to choose", () => {
  it("submits its locale and is named in that language", () => {
    render(<LanguageChoice locale="de" aria-pressed className="btn-outline" />);
    const button = screen.getByRole("button", { name: "Deutsch" });
    expect([button.getAttribute("name"), button.getAttribute("value"), button.getAttribute("lang")]).toEqual([
      "locale",
      "de",
      "de",
    ]);
    expect(button.getAttribute("type")).toBe("submit");
    expect(button.getAttribute("aria-pressed")).toBe("true");
  });
});

describe("the way in for a visitor", () => {
  it("offers signup and login, both coming back to this page", async () => {
    show(<LoginLinks />);
    const signup = await screen.findByRole("link", { name: membersEn.loginNeeded.signup });
    expect(signup.getAttribute("href")).toBe("/signup?redirectTo=%2Fmembers%2F7");
    expect(screen.getByRole("link", { name: membersEn.loginNeeded.login }).getAttribute("href")).toBe(
      "/login?redirectTo=%2Fmembers%2F7",
    );
  });

  it("offers only login where visitors may not sign up", async () => {
    show(<LoginLinks />, { signupsOpen: false });
    await screen.findByRole("link", { name: membersEn.loginNeeded.login });
    expect(screen.queryByRole("link", { name: membersEn.loginNeeded.signup })).toBeNull();
  });
});

describe("Saved, in the settings", () => {
  it("is said once the change is kept, and not before", () => {
    const { rerender } = render(<SavedNote saved={undefined} />);
    expect(screen.queryByRole("status")).toBeNull();
    rerender(<SavedNote saved />);
    expect(screen.getByRole("status").textContent).toBe(settingsEn.saved);
  });
});

describe("a form field", () => {
  it("labels its control and reads out its errors", () => {
    const meta = { id: "about", errorId: "about-error", errors: ["validation:textTooLong"] };
    render(
      <Field meta={meta as Parameters<typeof Field>[0]["meta"]} label="About you">
        <textarea id="about" />
      </Field>,
    );
    expect(screen.getByLabelText("About you").tagName).toBe("TEXTAREA");
    const alert = screen.getByRole("alert");
    expect([alert.id, alert.textContent]).toEqual(["about-error", validationEn.textTooLong]);
  });
});
