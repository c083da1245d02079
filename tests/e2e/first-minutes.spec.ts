// A visitor's first ten minutes on a phone: signing up without any choice
// made for them (offers by mail stay unticked), the photo step with camera or
// gallery, the activation link from the mail, faces before any offer (faces
// with a photo first), and a like from a profile that answers on the card.
import { expect, hydrated, linkInMail, pngImage, signUp, test, text } from "./support.ts";

// Signing up hashes a password (argon2id) and the photo goes through the real pipeline.
test.describe.configure({ timeout: 90_000 });

const t = (key: string, values?: Record<string, string | number>) => text("nl", key, values);

test("a visitor signs up, adds a photo in the photo step, activates, sees faces first and likes someone", {
  tag: "@phone-only",
}, async ({ page }) => {
  // The offers box is shown unticked, and left so (signUp checks it).
  const email = await signUp(page, "nl", { name: "Sanne" });
  await page.getByRole("button", { name: t("accounts:complete.submit") }).click();

  // The photo step: why a photo matters and that it is reviewed, camera or gallery.
  await expect(page).toHaveURL(/\/signup-photo$/);
  const step = page.getByTestId("photo-step");
  await expect(step.getByRole("heading", { level: 1 })).toHaveText(t("photos:step.title"));
  await expect(step).toContainText(t("photos:step.why"));
  await expect(page.getByTestId("photo-step-camera")).toHaveAttribute("capture", "user");
  await expect(page.getByTestId("photo-step-gallery")).not.toHaveAttribute("capture");
  for (const name of [t("photos:step.camera"), t("photos:step.gallery"), t("photos:step.skip")]) {
    const box = (await step
      .getByText(name, { exact: true })
      .locator("xpath=ancestor-or-self::*[self::label or self::button][1]")
      .boundingBox())!;
    expect(box.height, `${name} is a 44 px target`).toBeGreaterThanOrEqual(44);
  }
  await hydrated(page);
  await page
    .getByTestId("photo-step-gallery")
    .setInputFiles({ name: "me.png", mimeType: "image/png", buffer: pngImage(400, 400, [60, 110, 180]) });
  await expect(step.getByRole("img", { name: t("photos:step.preview") })).toBeVisible();
  // Added: awaiting review, or already approved where review passes it at once.
  const status = step.getByRole("status");
  await expect(
    status
      .getByText(t("photos:upload.pending"), { exact: true })
      .or(status.getByText(t("photos:upload.done"), { exact: true })),
  ).toBeVisible();
  await page.getByTestId("photo-step-continue").click();
  await expect(page).toHaveURL(/\/signup-matches$/);

  // The activation link from the mail: the welcome page shows faces first, the offers below them.
  await page.goto(await linkInMail(page, email, "activation"));
  await page.getByRole("button", { name: t("accounts:followLink.activateButton") }).click();
  await expect(page).toHaveURL(/\/activate\/done$/);
  await expect(page.getByTestId("photo-step")).toHaveCount(0); // she has a photo
  const faces = page.getByTestId("welcome-faces");
  await expect(faces.getByRole("listitem").first()).toBeVisible();
  const facesTop = (await faces.boundingBox())!.y;
  const offersTop = (await page.getByTestId("welcome-offers").boundingBox())!.y;
  expect(facesTop, "faces come before any offer").toBeLessThan(offersTop);
  expect(facesTop, "faces on the first screen").toBeLessThan(page.viewportSize()!.height);

  // The members area: the first cards all show a face (no letter placeholder),
  // and she likes the first one from its profile's action bar, which answers on the card.
  await page.goto("/members");
  await hydrated(page);
  const cards = page
    .getByRole("main")
    .getByRole("listitem")
    .filter({ has: page.getByTestId("member-name") });
  await expect(cards.nth(3)).toBeVisible();
  for (let i = 0; i < 4; i++) await expect(cards.nth(i).locator("img")).toHaveCount(1);
  await cards.first().getByRole("link").first().click();
  await expect(page).toHaveURL(/\/members\/\d+$/);
  await hydrated(page);
  const like = page.getByRole("button", { name: t("members:like"), exact: true });
  await expect(like).toBeInViewport({ ratio: 1 });
  await like.click();
  // A like back (a fictional profile may answer at once) is the match; otherwise the button says Liked.
  await expect(
    page
      .getByRole("button", { name: t("members:liked") })
      .or(page.getByTestId("match-modal"))
      .first(),
  ).toBeVisible();
  await expect(page.getByTestId("toast")).toHaveCount(0);

  // Nobody ticked offers or news for her: the settings show both unticked.
  await page.goto("/notifications");
  for (const type of ["promotions", "news"]) {
    const label = `${t(`settings:notifications.types.${type}`)}: ${t("settings:notifications.email")}`;
    await expect(page.getByRole("checkbox", { name: label })).not.toBeChecked();
  }
});
