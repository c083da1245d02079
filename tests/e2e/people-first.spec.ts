// Faces first on a phone: once the 18+ notice is accepted, the home page's
// first screen shows members with their photos, for a visitor and for a member,
// at 320, 375 and 414 px wide; the pitch follows below them.
import type { Page } from "@playwright/test";
import { activeMember, expect, hydrated, test, text } from "./support.ts";

/** Photos of members whose whole picture is within the first screen. */
async function facesOnFirstScreen(page: Page) {
  const height = page.viewportSize()!.height;
  const photos = page.getByTestId("home-faces").locator("img");
  await expect(photos.first()).toBeVisible();
  let shown = 0;
  for (const photo of await photos.all()) {
    const box = await photo.boundingBox();
    if (box && box.y >= 0 && box.y + box.height <= height) shown++;
  }
  return shown;
}

// Common phone screens: a small one, the journeys' phone, a large one.
for (const [width, height] of [
  [320, 640],
  [375, 812],
  [414, 896],
] as const) {
  test(`the home page shows at least four faces on the first screen of a ${width} × ${height} phone`, {
    tag: "@phone-only",
  }, async ({ page }) => {
    await page.setViewportSize({ width, height });
    await page.goto("/");
    await hydrated(page);
    expect(await facesOnFirstScreen(page)).toBeGreaterThanOrEqual(4);
    // The pitch is still there, below the faces.
    const pitch = page.getByText(text("nl", "common:home.intro"));
    await expect(pitch).toBeAttached();
    const faces = (await page.getByTestId("home-faces").boundingBox())!;
    expect((await pitch.boundingBox())!.y).toBeGreaterThan(faces.y);
  });
}

test("a member's home page opens on faces too", { tag: "@phone-only" }, async ({ page }) => {
  await activeMember(page, "nl");
  await page.goto("/");
  await hydrated(page);
  expect(await facesOnFirstScreen(page)).toBeGreaterThanOrEqual(4);
});
