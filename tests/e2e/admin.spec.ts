// The operator admin in real Chromium (desktop; the admin is
// desktop first): the seeded demo operators sign in with their password and a
// TOTP code computed from their seeded secret; an admin renames a domain and
// sees the name on that domain's home page; a moderator rejects a photo and
// its member sees so; support takes back credits and the member's badge shows
// the new balance.

import { signedInOperator as operator } from "./operators.ts";
import { activeMember, anotherVisitor, expect, hydrated, ownId, pngImage, test, text } from "./support.ts";

test.describe.configure({ timeout: 120_000 });
// The operator console is desktop first: its journeys run on the desktop project only.

const t = (key: string, values?: Record<string, string | number>) => text("nl", key, values);
const ta = (key: string, values?: Record<string, string | number>) => t(`admin:${key}`, values);

test("an admin renames a domain and its home page shows the new name at once", async ({ browser, baseURL }) => {
  const admin = await operator(browser, baseURL!, "admin");
  // A domain of its own for this run, on a host the browser resolves locally (*.localhost).
  const domain = `e2e-${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}.localhost`;
  const port = new URL(baseURL!).port;
  await admin.goto("/admin/domains");
  await admin.getByRole("textbox", { name: ta("domains.domain") }).fill(domain);
  await admin.getByRole("combobox", { name: ta("domains.copyFrom") }).selectOption("vlinder.example");
  await admin.getByRole("button", { name: ta("domains.createSubmit") }).click();
  await expect(admin).toHaveURL(new RegExp(`/admin/domains/${domain.replace(/\./g, "\\.")}$`));

  const visitor = await anotherVisitor(browser, `http://${domain}:${port}`);
  await visitor.goto("/");
  await expect(visitor.getByRole("banner")).toContainText("Vlinder");

  const editor = admin.getByRole("textbox", { name: ta("domains.json") });
  const settings = JSON.parse(await editor.inputValue());
  expect(settings).toMatchObject({ domain, name: "Vlinder" });
  await editor.fill(JSON.stringify({ ...settings, name: "Vlinder Zomer" }, null, 2));
  await admin.getByRole("button", { name: ta("domains.preview") }).click();
  const changes = admin.getByRole("table", { name: ta("domains.changes") });
  await expect(changes.getByRole("row")).toHaveCount(2);
  await expect(changes.getByRole("row").nth(1)).toContainText("name");
  await expect(changes.getByRole("row").nth(1)).toContainText("Vlinder Zomer");
  await admin.getByRole("button", { name: ta("domains.save") }).click();
  await expect(admin.getByText(ta("domains.saved"))).toBeVisible();

  await visitor.reload();
  await expect(visitor.getByRole("banner")).toContainText("Vlinder Zomer");
  // The console's list of domains shows the new name too.
  await admin.goto("/admin/domains");
  await expect(admin.getByRole("row").filter({ hasText: domain })).toContainText("Vlinder Zomer");
});

test("a moderator rejects a member's new photo and the member sees it rejected", async ({ page, browser, baseURL }) => {
  await activeMember(page);
  await page.goto("/profile");
  await page
    .getByLabel(t("photos:upload.label"))
    .setInputFiles({ name: "me.png", mimeType: "image/png", buffer: pngImage(400, 400, [30, 120, 90]) });
  await expect(page.getByText(t("photos:upload.done"))).toBeVisible({ timeout: 20_000 });
  const { photos } = await (
    await page.request.get("/api/photos", { headers: { "X-Requested-With": "XMLHttpRequest" } })
  ).json();
  expect(photos).toHaveLength(1);
  const photoId: number = photos[0].id;
  await expect(page.getByText(t("photos:badge.rejected"))).toHaveCount(0);

  const moderator = await operator(browser, baseURL!, "moderator");
  await moderator.goto("/admin/moderation/photos");
  await hydrated(moderator);
  const card = moderator.getByTestId(`photo-${photoId}`);
  // Rejecting asks for the reasons the member is told.
  await card.getByText(ta("photos.reject"), { exact: true }).click();
  await card.getByLabel(ta("reasons.ground")).selectOption("terms");
  await card.getByLabel(ta("reasons.clause")).fill("Voorwaarden 4.2");
  await card.getByLabel(ta("reasons.facts")).fill("De foto toont iemand anders dan het lid zelf.");
  await card.getByRole("button", { name: ta("photos.rejectWithReasons") }).click();
  await expect(moderator.getByText(ta("photos.rejected", { id: photoId }))).toBeVisible();
  await expect(card).toHaveCount(0);

  await page.reload();
  await expect(page.getByText(t("photos:badge.rejected"))).toBeVisible();
});

test("support takes back credits and the member's credit badge shows the new balance", async ({
  page,
  browser,
  baseURL,
}) => {
  await activeMember(page);
  // Premium by buying the smallest package through the sandbox provider.
  await page.goto("/credits");
  await page.getByTestId("package-p0").getByRole("link").click();
  await page.getByTestId("method-ideal").click();
  await page.getByRole("button", { name: t("payments:credits.pay") }).click();
  await page.getByRole("button", { name: t("payments:sandbox.paid"), exact: true }).click();
  await expect(page).toHaveURL(/\/transactions\/\d+$/);
  const { user } = await (await page.request.get("/api/user.php")).json();
  expect(user.paid_user).toBe(true);
  expect(user.credits).toBeGreaterThan(10);
  const nav = page.getByRole("navigation", { name: t("common:nav.main") });
  const credits = nav.getByRole("link", { name: t("common:nav.credits") });
  await expect(credits.getByTestId("badge")).toHaveCount(0);

  const support = await operator(browser, baseURL!, "support");
  await support.goto(`/admin/members/${await ownId(page)}`);
  await support.getByLabel(ta("members.amount")).fill(String(4 - user.credits));
  await support.getByLabel(ta("members.reason")).fill("Dubbel geboekt");
  await support.getByRole("button", { name: ta("members.adjust") }).click();
  await expect(support.getByText(ta("members.creditsAdjusted", { credits: 4 }))).toBeVisible();

  await page.goto("/members");
  await expect(credits.getByTestId("badge").filter({ visible: true })).toHaveText("4");
});
