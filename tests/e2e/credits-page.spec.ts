// The credits page on a phone, as a member who paid before meets it: the
// balance on top, what a credit buys on this site, the last order with "Order
// again" one tap away, and what premium gives before the first price. And the
// checkout's payment-method tiles keep their long names ("Bankoverschrijving",
// "Lastschrift", "Suoraveloitus") inside the tile at 320 to 414 px.
import type { Page } from "@playwright/test";
import { activeMember, buyCredits, expect, expectAccessible, hydrated, test, text } from "./support.ts";

test.describe.configure({ timeout: 120_000 });
const t = (key: string, values?: Record<string, string | number>) => text("nl", key, values);

const top = async (page: Page, testId: string) => (await page.getByTestId(testId).first().boundingBox())!.y;
const firstPackagePrice = async (page: Page) =>
  (await page.getByTestId("package-p0").getByTestId("price").boundingBox())!.y;

test("a paid member opens /credits: balance, what a credit buys, the last order, benefits before prices", {
  tag: "@phone-only",
}, async ({ page }) => {
  await activeMember(page);
  await buyCredits(page);
  await page.goto("/credits");
  await hydrated(page);

  // The first package (25 credits) was bought: the balance says so, first.
  const balance = page.getByTestId("credits-balance");
  await expect(balance).toHaveText(t("payments:credits.balance_other", { count: 25 }));
  const value = page.getByTestId("credit-value");
  await expect(value).toContainText(t("payments:credits.value.message_one", { count: 1 }));
  await expect(value).toContainText(t("payments:credits.value.photo_other", { count: 2 }));
  await expect(value).toContainText(t("payments:credits.value.gift_other", { count: 5 }));

  const lastOrder = page.getByTestId("last-order");
  await expect(lastOrder).toContainText(t("payments:package.credits_other", { count: 25 }));
  await expect(lastOrder.getByRole("button", { name: t("payments:lastOrder.again") })).toBeVisible();

  // Top to bottom: balance, the last order, benefits (with what a message costs), then the packages' prices.
  const benefits = page.getByTestId("premium-benefits");
  await expect(benefits).toContainText(t("payments:premium.benefits.chat_one", { count: 1 }));
  expect(await top(page, "credits-balance")).toBeLessThan(await top(page, "last-order"));
  expect(await top(page, "last-order")).toBeLessThan(await top(page, "premium-benefits"));
  expect(await top(page, "premium-benefits")).toBeLessThan(await firstPackagePrice(page));
  await expect(page.getByTestId("package-p0").getByTestId("package-messages")).toHaveText(
    t("payments:package.messages_other", { count: 25 }),
  );
  await expectAccessible(page);

  // One tap orders the same package again, with the same method, at the sandbox's checkout.
  await lastOrder.getByRole("button", { name: t("payments:lastOrder.again") }).click();
  await expect(page).toHaveURL(/\/payments\/sandbox\/sbx_\w+$/);
});

/** Method tiles whose name sticks out of the tile, or tiles wider than the screen. */
function spillingTiles() {
  return [...document.querySelectorAll("[data-testid^=method-]")].flatMap((tile) => {
    const label = tile.querySelector("span:not(.sr-only)") as HTMLElement | null;
    const box = tile.getBoundingClientRect();
    const spills = label && (label.scrollWidth > label.clientWidth || label.getBoundingClientRect().right > box.right);
    return spills || box.right > document.documentElement.clientWidth ? [tile.textContent ?? ""] : [];
  });
}

for (const lng of ["nl", "de", "fi", "pl"]) {
  test(`the payment-method tiles keep their names inside at 320 and 414 px (${lng})`, {
    tag: "@phone-only",
  }, async ({ page }) => {
    await activeMember(page, lng);
    await page.goto("/credits");
    await page.getByTestId("package-p0").getByRole("link").click();
    await expect(page).toHaveURL(/\/credits\/\d+$/);
    for (const width of [320, 414]) {
      await page.setViewportSize({ width, height: 800 });
      await expect(page.getByTestId(/^method-/).first()).toBeVisible();
      expect(await page.evaluate(spillingTiles), `${lng} at ${width} px`).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    }
  });
}
