// A photo made private stops serving at the address it was public under, so no
// cache or saved link keeps showing it: a member makes their public photo
// private in the photo manager, and the old address then answers 404.
import { activeMember, anotherVisitor, expect, hydrated, ownId, pngImage, test, text } from "./support.ts";

test.describe.configure({ timeout: 90_000 });
const t = (key: string, values?: Record<string, string | number>) => text("nl", key, values);

test("a member makes a public photo private, and its old address is refused", async ({ page, browser, baseURL }) => {
  await activeMember(page);
  await page.goto("/profile");
  await hydrated(page);
  await page
    .getByLabel(t("photos:upload.label"))
    .setInputFiles({ name: "me.png", mimeType: "image/png", buffer: pngImage(400, 400, [30, 120, 200]) });
  await expect(page.getByText(t("photos:count", { used: 1, max: 3 }))).toBeVisible({ timeout: 20_000 });

  // A visitor sees the photo (the main one) from the public, cacheable path.
  const visitor = await anotherVisitor(browser, baseURL!);
  const profile = `/members/${await ownId(page)}`;
  await visitor.goto(profile);
  const shown = visitor.getByRole("main").locator('img[src*="/media/photos/"]').first();
  await expect(shown).toBeVisible();
  const publicAddress = (await shown.getAttribute("src"))!;
  const before = await visitor.request.get(publicAddress);
  expect(before.status()).toBe(200);
  // Shared caches may keep it under an hour: long enough to help, short enough that a missed purge heals.
  expect(before.headers()["cache-control"]).toBe("public, max-age=300, s-maxage=3300");

  await page.getByRole("button", { name: t("photos:actions.makePrivate") }).click();
  await expect(page.getByText(t("photos:saved.private"))).toBeVisible();
  await expect(page.getByText(t("photos:badge.private"), { exact: true })).toBeVisible();

  // The old address is refused, to the visitor and to the owner alike; the owner still sees the photo.
  expect((await visitor.request.get(publicAddress)).status()).toBe(404);
  expect((await page.request.get(publicAddress)).status()).toBe(404);
  const own = page.getByRole("main").locator('img[src^="/media/private/"]').first();
  await expect(own).toBeVisible();
  expect((await page.request.get((await own.getAttribute("src"))!)).status()).toBe(200);
  await visitor.goto(profile);
  await expect(visitor.getByRole("main").locator(`img[src="${publicAddress}"]`)).toHaveCount(0);
  await visitor.close();
});
