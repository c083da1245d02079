// The frame of a member's phone: one banner at a time, two lines at most,
// each dismissal remembered; a labelled bottom bar in reach of the thumb; and
// every control on the members and settings pages at least 44 px to tap.
import type { Page } from "@playwright/test";
import { activeMember, expect, hydrated, test, text } from "./support.ts";

const t = (key: string, values?: Record<string, string | number>) => text("nl", key, values);

/** The banners the slot shows now. */
const shownBanners = (page: Page) =>
  page.getByTestId("member-banners").locator("> [data-banner]").filter({ visible: true });

test("a new member sees one short banner at a time, and a dismissed one stays gone", {
  tag: "@phone-only",
}, async ({ page }) => {
  await activeMember(page, "nl");
  await page.goto("/members");
  await hydrated(page);
  // Due: the photo, the about text and interests, the welcome offer; the photo comes first.
  await expect(page.getByTestId("offers-banner")).toBeAttached();
  await page.waitForLoadState("networkidle");
  await expect(shownBanners(page)).toHaveCount(1);
  const photo = page.getByTestId("enrich-profile-alert");
  await expect(photo).toBeVisible();
  await expect(photo).toContainText(t("common:banners.photo"));
  expect((await photo.boundingBox())!.height, "two lines at most").toBeLessThanOrEqual(64);

  await photo.getByRole("button", { name: t("common:banners.dismiss") }).click();
  await expect(photo).toHaveCount(0);
  const next = page.getByTestId("complete-profile-alert");
  await expect(next).toBeVisible();
  await expect(shownBanners(page)).toHaveCount(1);

  await page.reload();
  await hydrated(page);
  await expect(next).toBeVisible();
  await expect(photo).toHaveCount(0);
  await expect(shownBanners(page)).toHaveCount(1);
});

test("the bottom bar names each place, fits a thumb, and leads to the messages", {
  tag: "@phone-only",
}, async ({ page }) => {
  await activeMember(page, "nl");
  await page.goto("/members");
  await hydrated(page);
  const bar = page.getByRole("navigation", { name: t("common:nav.quick") });
  await expect(bar).toBeVisible();
  for (const label of ["nav.search", "nav.swipe", "nav.likes", "nav.messages", "nav.premium"]) {
    const link = bar.getByRole("link", { name: t(`common:${label}`) });
    await expect(link).toBeVisible();
    await expect(link.getByText(t(`common:${label}`))).toBeVisible();
    const box = (await link.boundingBox())!;
    expect(Math.min(box.width, box.height), label).toBeGreaterThanOrEqual(44);
  }
  // The top bar keeps the logo and the account menu.
  const top = page.getByRole("navigation", { name: t("common:nav.main") });
  await expect(top.getByRole("link", { name: t("common:nav.messages") })).toBeHidden();
  await expect(top.getByTestId("account-menu")).toBeVisible();
  // The last of the page is not behind the bar.
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  const disclaimer = (await page.getByTestId("disclaimer").boundingBox())!;
  expect(disclaimer.y + disclaimer.height).toBeLessThanOrEqual((await bar.boundingBox())!.y + 1);

  await bar.getByRole("link", { name: t("common:nav.messages") }).click();
  await expect(page).toHaveURL(/\/chats$/);
  await expect(bar).toBeVisible();
});

/** Visible controls smaller than 44x44 px whose label (if any) is not that large either. */
async function smallTargets(page: Page) {
  return page.evaluate(() => {
    const big = (rect: DOMRect) => rect.width >= 43.5 && rect.height >= 43.5;
    const controls = document.querySelectorAll<HTMLElement>(
      "a[href], button, select, summary, input[type=checkbox], input[type=radio]",
    );
    return [...controls].flatMap((control) => {
      const rect = control.getBoundingClientRect();
      const style = getComputedStyle(control);
      if (rect.width === 0 || rect.height === 0 || style.visibility === "hidden") return [];
      if (control.closest(".sr-only, [hidden], [aria-hidden=true]")) return [];
      if (big(rect)) return [];
      const label =
        control.closest("label") ?? (control.id ? document.querySelector(`label[for="${control.id}"]`) : null);
      if (label && big(label.getBoundingClientRect())) return [];
      const name = (control.getAttribute("aria-label") ?? control.textContent ?? "").trim().slice(0, 40);
      return [`${control.tagName.toLowerCase()} "${name}" ${Math.round(rect.width)}x${Math.round(rect.height)}`];
    });
  });
}

test("every control on the members and settings pages is a 44 px target", {
  tag: "@phone-only",
}, async ({ page }) => {
  await activeMember(page, "nl");
  for (const path of ["/members", "/notifications"]) {
    await page.goto(path);
    await hydrated(page);
    await page.waitForLoadState("networkidle");
    expect(await smallTargets(page), path).toEqual([]);
  }
  // The account menu's items too, once open.
  await page.getByTestId("account-menu").click();
  expect(await smallTargets(page), "account menu").toEqual([]);
});

test("a desktop shows one banner at a time as well", async ({ page }) => {
  await activeMember(page, "nl");
  await page.goto("/members");
  await hydrated(page);
  await expect(page.getByTestId("offers-banner")).toBeAttached();
  await page.waitForLoadState("networkidle");
  await expect(shownBanners(page)).toHaveCount(1);
  await expect(page.getByTestId("enrich-profile-alert")).toBeVisible();
  await expect(page.getByTestId("bottom-nav")).toBeHidden();
});
