// A visitor on a phone can always sign up from the top navigation: on a
// profile page at 320 px (the narrowest phone), in the languages with the longest labels,
// the signup entry is on screen, fits beside login, and leads to the signup page.
import { expect, firstListedMemberId, hydrated, test, text } from "./support.ts";

for (const width of [320]) {
  for (const lng of ["nl", "de", "fi", "pl"]) {
    test.describe(`${width} px, ${lng}`, () => {
      test.use({ viewport: { width, height: 700 }, lng });

      test(`a visitor on a profile page sees the signup entry and can follow it`, {
        tag: "@phone-only",
      }, async ({ page }) => {
        const id = await firstListedMemberId(page);
        expect((await page.goto(`/members/${id}`))?.status()).toBe(200);
        await hydrated(page);

        const nav = page.getByRole("navigation", { name: text(lng, "common:nav.main") });
        const signup = nav.getByRole("link", { name: text(lng, "common:nav.signupShort") });
        await expect(signup).toBeVisible();
        await expect(nav.getByRole("link", { name: text(lng, "common:nav.login") })).toBeVisible();
        const box = (await signup.boundingBox())!;
        expect(box.x).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width).toBeLessThanOrEqual(width);
        // Nothing in the bar is pushed past its edge.
        expect(await nav.evaluate((bar) => bar.scrollWidth - bar.clientWidth)).toBe(0);

        await signup.click();
        await expect(page).toHaveURL(/\/signup$/);
      });
    });
  }
}
