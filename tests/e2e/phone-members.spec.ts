// A member's first screen on a phone opens on people: the first profile is
// on the first screen, the filters wait behind one button that counts the
// ones set, and one banner shows at a time, the next once it is dismissed.
import { activeMember, expect, hydrated, test, text } from "./support.ts";

const t = (key: string, values?: Record<string, string | number>) => text("nl", key, values);

test("a new member's /members shows the first profile on the first screen, one banner at a time", {
  tag: "@phone-only",
}, async ({ page }) => {
  await activeMember(page, "nl");
  await page.goto("/members");
  await hydrated(page);
  // A new member without a photo: the photo banner, and behind it the profile banner and the offers.
  const banners = page.locator(
    ["enrich-profile-alert", "complete-profile-alert", "offers-banner", "push-alert", "notifications-disabled-alert"]
      .map((id) => `[data-testid="${id}"]`)
      .join(", "),
  );
  await expect(page.getByTestId("enrich-profile-alert")).toBeVisible();
  await expect(page.getByTestId("offers-banner")).toBeAttached();
  await page.waitForLoadState("networkidle");
  await expect(banners.filter({ visible: true })).toHaveCount(1);

  const height = page.viewportSize()!.height;
  const firstCard = page.getByRole("main").getByRole("listitem").first();
  const box = (await firstCard.boundingBox())!;
  expect(box.y + box.height / 2, "at least half of the first profile on the first screen").toBeLessThan(height);

  // The filters: closed, with the count of those set (the gender the member seeks).
  const toggle = page.getByRole("button", { name: t("members:filtersButtonActive", { number: 1 }) });
  await expect(toggle).toHaveAttribute("aria-expanded", "false");
  const filters = page.getByRole("form", { name: t("members:filters") });
  await expect(filters).toBeHidden();
  await toggle.click();
  await expect(filters).toBeVisible();
  await filters.getByLabel(t("members:minAge")).fill("30");
  await filters.getByRole("button", { name: t("members:search") }).click();
  await expect(page).toHaveURL(/min_age=30/);
  await expect(filters).toBeHidden();
  await expect(page.getByRole("button", { name: t("members:filtersButtonActive", { number: 2 }) })).toBeVisible();

  // Dismissed, the photo banner makes way for the next one.
  await page
    .getByTestId("enrich-profile-alert")
    .getByRole("button", { name: t("common:banners.dismiss") })
    .click();
  await expect(page.getByTestId("complete-profile-alert")).toBeVisible();
  await expect(banners.filter({ visible: true })).toHaveCount(1);
});

test("on a desktop the filters stay open beside the people", async ({ page }) => {
  await activeMember(page, "nl");
  await page.goto("/members");
  await expect(page.getByRole("form", { name: t("members:filters") })).toBeVisible();
  await expect(page.getByTestId("filters-toggle")).toBeHidden();
});
