// From a notice to a reversed decision: a visitor reports a member's photo on
// /notice and gets the receipt by mail; a moderator rejects the photo with its
// reasons; the member reads the statement under "Messages from the team" and
// appeals; an admin (not the moderator) reverses it, and the photo shows on
// the profile again. On a phone and on a desktop.
import { signedInOperator } from "./operators.ts";
import { activeMember, anotherVisitor, expect, hydrated, ownId, pngImage, test, text, uniqueEmail } from "./support.ts";

test.describe.configure({ timeout: 150_000 });
const t = (key: string, values?: Record<string, string | number>) => text("nl", key, values);

test("a reported photo is rejected with reasons, appealed by its owner and reversed by another operator @phone", async ({
  page,
  browser,
  baseURL,
}) => {
  // The owner and their photo.
  const ownerEmail = await activeMember(page, "nl", { name: "Noor" });
  await page.goto("/profile");
  await hydrated(page);
  await page
    .getByLabel(t("photos:upload.label"))
    .setInputFiles({ name: "me.png", mimeType: "image/png", buffer: pngImage(400, 400, [200, 90, 40]) });
  await expect(page.getByText(t("photos:count", { used: 1, max: 3 }))).toBeVisible({ timeout: 20_000 });
  const owner = await ownId(page);
  const own = await page.request.get("/api/photos", { headers: { "X-Requested-With": "XMLHttpRequest" } });
  const photo = ((await own.json()) as { photos: { id: number }[] }).photos[0]!.id;

  // A visitor, logged out, reports the photo and gets the receipt by mail.
  const visitor = await anotherVisitor(browser, baseURL!);
  const reporter = uniqueEmail("reporter");
  await visitor.goto(`/notice?photo=${photo}`);
  await hydrated(visitor);
  await visitor.getByLabel(t("notices:form.category")).selectOption("terms_fake_profile");
  await visitor.getByLabel(t("notices:form.explanation")).fill("Deze foto is van iemand anders, niet van dit lid.");
  await visitor.getByLabel(t("notices:form.name")).fill("Sanne");
  await visitor.getByLabel(t("notices:form.email")).fill(reporter);
  await visitor.getByLabel(t("notices:form.goodFaith")).check();
  await visitor.getByRole("button", { name: t("notices:form.submit") }).click();
  await expect(visitor.getByRole("heading", { name: t("notices:done.title") })).toBeVisible();
  await expect
    .poll(
      async () => {
        await visitor.goto("/dev/mail");
        return visitor.getByRole("link").filter({ hasText: reporter }).filter({ hasText: "notice_received" }).count();
      },
      { timeout: 15_000 },
    )
    .toBeGreaterThan(0);

  // A moderator rejects the photo with its reasons.
  const moderator = await signedInOperator(browser, baseURL!, "moderator");
  await moderator.goto("/admin/moderation/photos");
  await hydrated(moderator);
  const card = moderator.getByTestId(`photo-${photo}`);
  await card.getByText(t("admin:photos.reject"), { exact: true }).click();
  await card.getByLabel(t("admin:reasons.ground")).selectOption("terms");
  await card.getByLabel(t("admin:reasons.clause")).fill("Voorwaarden 4.2");
  await card.getByLabel(t("admin:reasons.facts")).fill("De foto toont iemand anders dan het lid zelf.");
  await card.getByRole("button", { name: t("admin:photos.rejectWithReasons") }).click();
  await expect(moderator.getByText(t("admin:photos.rejected", { id: photo }))).toBeVisible();

  // The owner reads the statement under "Messages from the team" and appeals.
  await page.goto("/members");
  // The account menu leads there.
  await expect(page.locator('a[href="/account/messages"]').first()).toHaveText(t("decisions:page.title"));
  await page.goto("/account/messages");
  await hydrated(page);
  await expect(page.getByText(t("decisions:kinds.photo_rejected"))).toBeVisible();
  await expect(page.getByText("Voorwaarden 4.2")).toBeVisible();
  await page.getByLabel(t("decisions:page.appealLabel")).fill("Dit ben ik echt, kijk maar naar mijn andere gegevens.");
  await page.getByRole("button", { name: t("decisions:page.appealSubmit") }).click();
  await expect(page.getByText(t("decisions:page.appealFiled"))).toBeVisible();
  await expect(page.getByText(t("decisions:page.appealStatus.open"))).toBeVisible();

  // The moderator who decided may not decide the appeal; an admin reverses it.
  const admin = await signedInOperator(browser, baseURL!, "admin");
  await admin.goto("/admin/appeals");
  await hydrated(admin);
  const appeal = admin.locator('[data-testid^="appeal-"]').filter({ hasText: ownerEmail });
  await appeal.getByLabel(t("admin:appeals.outcome")).selectOption("reverse");
  await appeal.getByLabel(t("admin:appeals.outcomeText")).fill("We hebben opnieuw gekeken: de foto is van jou.");
  await appeal.getByRole("button", { name: t("admin:appeals.decide") }).click();
  const [before, after] = t("admin:appeals.reversed", { id: "ID" }).split("ID") as [string, string];
  const escaped = (part: string) => part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  await expect(admin.getByText(new RegExp(`${escaped(before)}\\d+${escaped(after)}`))).toBeVisible();

  // The photo shows on the profile again, and the member reads the outcome.
  await visitor.goto(`/members/${owner}`);
  await expect(visitor.getByRole("main").locator('img[src*="/media/photos/"]').first()).toBeVisible();
  await page.reload();
  await expect(page.getByText(t("decisions:page.appealStatus.reversed"))).toBeVisible();
  await Promise.all([visitor.close(), moderator.close(), admin.close()]);
});
