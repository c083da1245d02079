// @vitest-environment happy-dom
// The banner slot: the banners come in the order the phone doc gives, a
// hidden banner stays away for as long as its kind is remembered, and then
// comes back.
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import i18next from "i18next";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { createRoutesStub } from "react-router";
import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { BANNER_MEMORY_DAYS } from "#app/components/layout/banner.tsx";
import { MemberBanners } from "#app/components/layout/member-banners.tsx";
import { stillDismissed } from "#app/components/runtime/dismissal.ts";
import type { MemberSummary } from "#app/server/site/member-summary.ts";
import commonEn from "../../locales/en/common.json";

const DAY = 24 * 60 * 60 * 1000;

beforeAll(async () => {
  await i18next.use(initReactI18next).init({
    lng: "en",
    defaultNS: "common",
    resources: { en: { common: commonEn } },
    interpolation: { escapeValue: false },
  });
});
beforeEach(() => localStorage.clear());
afterEach(cleanup);

const member = (changes: Partial<MemberSummary> = {}): MemberSummary => ({
  id: 1,
  name: "Mira",
  gender: "female",
  email: "mira@example.test",
  thumb: null,
  credits: 50,
  // A paying member: no offers, which would ask the API.
  paid: true,
  confirmed: false,
  freeConversations: null,
  emailDisabledReason: "bounce",
  unreadMessages: 0,
  newLikes: 0,
  missing: ["photo", "about", "interests"],
  ...changes,
});

let shown = member();
const Page = () => <MemberBanners member={shown} />;

function showBanners(summary: MemberSummary) {
  shown = summary;
  const Stub = createRoutesStub([{ path: "/members", Component: Page }]);
  render(
    <I18nextProvider i18n={i18next}>
      <Stub initialEntries={["/members"]} />
    </I18nextProvider>,
  );
}

const bannerOrder = () =>
  [...screen.getByTestId("member-banners").querySelectorAll("[data-banner]")].map((b) => b.getAttribute("data-testid"));

describe("the banner slot", () => {
  it("puts mail trouble first, then the address, the photo and the rest of the profile", async () => {
    showBanners(member());
    await screen.findByTestId("complete-profile-alert");
    expect(bannerOrder()).toEqual([
      "notifications-disabled-alert",
      "activation-reminder",
      "enrich-profile-alert",
      "complete-profile-alert",
    ]);
  });

  it("asks for the about text before the interests, in one banner", async () => {
    showBanners(member({ emailDisabledReason: null, confirmed: true, missing: ["about", "interests"] }));
    const banner = await screen.findByTestId("complete-profile-alert");
    expect(banner.textContent).toContain(commonEn.banners.about);
    expect(bannerOrder()).toEqual(["complete-profile-alert"]);
  });

  it("remembers a hidden banner on this browser and shows the next", async () => {
    showBanners(member({ emailDisabledReason: null, confirmed: true }));
    const photo = await screen.findByTestId("enrich-profile-alert");
    fireEvent.click(photo.querySelector(`button[aria-label="${commonEn.banners.dismiss}"]`)!);
    expect(screen.queryByTestId("enrich-profile-alert")).toBeNull();
    expect(bannerOrder()).toEqual(["complete-profile-alert"]);
    expect(localStorage.getItem("dismissed:add-photo")).toMatch(/^\d+$/);
  });
});

describe("how long a hidden banner stays away", () => {
  const now = Date.UTC(2026, 11, 3);

  it("is never hidden without a dismissal", () => {
    expect(stillDismissed(null, now, 7)).toBe(false);
  });

  it("stays hidden for its days, then comes back", () => {
    const days = BANNER_MEMORY_DAYS["add-photo"];
    expect(stillDismissed(String(now - days * DAY + 1000), now, days)).toBe(true);
    expect(stillDismissed(String(now - days * DAY), now, days)).toBe(false);
  });

  it("asks to confirm the address again the next day", () => {
    expect(BANNER_MEMORY_DAYS["confirm-address"]).toBe(1);
    expect(stillDismissed(String(now - DAY - 1), now, 1)).toBe(false);
  });

  it("keeps a dismissal without a time, or without an end, for good", () => {
    expect(stillDismissed("yes", now, 1)).toBe(true);
    expect(stillDismissed(String(now - 3650 * DAY), now, Number.POSITIVE_INFINITY)).toBe(true);
  });
});
