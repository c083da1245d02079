// Toasts: the outcome of a quick action floats into view wherever the member
// has scrolled to, on a phone as on a desktop: read out, at most 350 px wide,
// inside the screen (on a phone at the top, clear of a chat's send footer at
// the bottom), and gone by itself after a few seconds.
import type { Locator, Page } from "@playwright/test";
import { activeMember, expect, hydrated, pngImage, test, text } from "./support.ts";

const t = (key: string, values?: Record<string, string | number>) => text("nl", key, values);

/** The toast with this text: in view, no wider than 350 px, and (on a phone) in the top half. */
async function expectToast(page: Page, role: "status" | "alert", wording: string | RegExp): Promise<Locator> {
  const toast = page.getByTestId("toast").filter({ hasText: wording });
  await expect(toast).toBeVisible({ timeout: 20_000 });
  await expect(toast).toHaveAttribute("role", role);
  await expect(toast).toBeInViewport({ ratio: 1 });
  const box = (await toast.boundingBox())!;
  const viewport = page.viewportSize()!;
  expect(box.width).toBeLessThanOrEqual(350);
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
  if (viewport.width < 640) expect(box.y + box.height).toBeLessThan(viewport.height / 2);
  return toast;
}

/** Gone by itself: the mouse is moved off first, since a toast waits while pointed at. */
async function expectGone(page: Page, toast: Locator) {
  await page.mouse.move(0, page.viewportSize()!.height - 1);
  await expect(toast).toHaveCount(0, { timeout: 10_000 });
}

test.describe("toasts @phone", () => {
  // Each toast is watched until it goes by itself (6 s).
  test.describe.configure({ timeout: 60_000 });

  test("saving the profile and uploading a photo say so in a toast that then goes", async ({ page }) => {
    await activeMember(page);
    await page.goto("/profile");
    await hydrated(page);

    await page
      .getByLabel(t("photos:upload.label"))
      .setInputFiles({ name: "me.png", mimeType: "image/png", buffer: pngImage(400, 400) });
    const uploaded = await expectToast(
      page,
      "status",
      new RegExp(`${t("photos:upload.done")}|${t("photos:upload.pending")}`.replace(/\./g, "\\.")),
    );
    await expectGone(page, uploaded);

    // The next one is closed with its button (the unit tests time the rest).
    await page.getByRole("button", { name: t("profile:save") }).click();
    const saved = await expectToast(page, "status", t("profile:saved"));
    await saved.getByRole("button", { name: t("common:toast.dismiss") }).click();
    await expect(saved).toHaveCount(0);
  });
});

// Desktop only: where a toast sits on a phone is the journey above; this one is about the failure.
test.describe("toasts", () => {
  test.describe.configure({ timeout: 60_000 });

  test("an upload that never reached the server is a failure toast, and is not sent twice", async ({ page }) => {
    await activeMember(page);
    await page.goto("/profile");
    await hydrated(page);
    let posts = 0;
    await page.route("**/api/photos", (route) => {
      if (route.request().method() !== "POST") return route.fallback();
      posts += 1;
      return route.abort("connectionreset");
    });

    await page
      .getByLabel(t("photos:upload.label"))
      .setInputFiles({ name: "me.png", mimeType: "image/png", buffer: pngImage(400, 400) });
    const failed = await expectToast(page, "alert", t("photos:errors.network"));
    await expect(page.getByTestId("toast")).toHaveCount(1);
    expect(posts).toBe(1);
    await expectGone(page, failed);
  });
});
