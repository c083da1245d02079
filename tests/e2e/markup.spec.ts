// Pages that once failed an accessibility scan: the match finder's photo
// links had no name, and the "page not found" page had no title.
import { activeMember, expect, expectAccessible, test, text } from "./support.ts";

test("the match finder's photo links say whose photo they open", async ({ page }) => {
  await activeMember(page);
  await page.goto("/match-finder");
  const photoLinks = page.getByRole("main").getByRole("listitem").getByRole("link");
  await expect(photoLinks.first()).toBeVisible();
  await expectAccessible(page);
});

test("the page-not-found page has a title and passes the accessibility scan", async ({ page }) => {
  const response = await page.goto("/this-page-does-not-exist");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: text("nl", "errors:notFound") })).toBeVisible();
  await expect(page).toHaveTitle(text("nl", "errors:notFound"));
  await expectAccessible(page);
});
