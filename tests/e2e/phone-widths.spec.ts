// No page is wider than the smallest phone: at 320 px nothing may make the
// document scroll sideways (a wide table, a long address, a row of buttons),
// for a visitor and for a member. The 18+ site-entry warning fits on it too.
import type { Page } from "@playwright/test";
import { landers } from "#app/routing/lander-address.ts";
import { legalPages } from "#app/server/content/legal-pages.ts";
import { activeMember, expect, firstListedMemberId, hydrated, test } from "./support.ts";

test.describe.configure({ timeout: 180_000 });
test.use({ viewport: { width: 320, height: 640 } });

const PHONE = 320;

/** Each path whose page is wider than the phone, with its width. */
async function tooWide(page: Page, paths: string[]) {
  const wide: string[] = [];
  for (const path of paths) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBeLessThan(400);
    await hydrated(page);
    // Banners and offers arrive after hydration: measure once the page has settled.
    await page.waitForLoadState("networkidle");
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    if (width > PHONE) wide.push(`${path}: ${width} px`);
  }
  return wide;
}

// The public pages in three tests, so that Playwright's workers share them.
test.describe("every public page fits a 320 px phone, for a visitor", () => {
  test("the main pages and a member's pages", { tag: "@phone-only" }, async ({ page }) => {
    const id = await firstListedMemberId(page);
    const paths = [
      "/",
      "/login",
      "/signup",
      "/members",
      `/members/${id}`,
      `/members/${id}/landing`,
      `/members/${id}/landing2`,
      `/members/${id}/landing3`,
    ];
    expect(await tooWide(page, paths)).toEqual([]);
  });

  test("the legal pages", { tag: "@phone-only" }, async ({ page }) => {
    const paths = legalPages.map((slug) => `/pages/${slug}`);
    expect(await tooWide(page, paths)).toEqual([]);
  });

  test("the landers", { tag: "@phone-only" }, async ({ page }) => {
    const paths = landers.map((lander) => `/landers/${lander}${lander === "tinderswipe" ? "" : "/milf"}`);
    expect(await tooWide(page, paths)).toEqual([]);
  });
});

test("every page of the members area fits a 320 px phone, for a new member", {
  tag: "@phone-only",
}, async ({ page }) => {
  await activeMember(page, "nl");
  const id = await firstListedMemberId(page);
  const paths = ["/members", `/members/${id}`, "/credits", "/premium", "/chats", "/notifications", "/profile"];
  expect(await tooWide(page, paths)).toEqual([]);
});

test.describe("in German, the language with the longest words", () => {
  test.use({ lng: "de" });

  test("pages with the footer fit a 320 px phone", { tag: "@phone-only" }, async ({ page }) => {
    expect(await tooWide(page, ["/", "/pricing", "/pages/privacy", "/login"])).toEqual([]);
  });
});

test.describe("a first visit", () => {
  test.use({ enteredSite: false });

  test("the 18+ site-entry warning fits on /pages/cookies", { tag: "@phone-only" }, async ({ page }) => {
    await page.goto("/pages/cookies");
    const warning = page.getByTestId("site-entry-warning");
    await expect(warning).toBeVisible();
    const box = (await warning.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(PHONE);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE);
  });
});
