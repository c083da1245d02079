// What the browser does on its own around the pages: the like modal that
// ?t= schedules, the signup modal that holds on to what was typed, logging
// out when the server says the session has ended, and the title and badges
// following the member's new likes without a reload.
import { activeMember, anotherVisitor, BASE_URL, expect, hydrated, ownId, test, text } from "./support.ts";

const t = (key: string, values?: Record<string, string | number>) => text("nl", key, values);

test("?t= opens the like modal after its delay, with one call to /api/auto-like.php", async ({ page }) => {
  await activeMember(page, "nl", { name: "Tom", gender: "male", seeking: "female" });
  let calls = 0;
  page.on("request", (request) => {
    if (new URL(request.url()).pathname === "/api/auto-like.php") calls += 1;
  });
  await page.goto("/members?t=2");
  await hydrated(page);
  await expect(page).not.toHaveURL(/[?&]t=/);
  const modal = page.getByTestId("like-modal");
  await expect(modal).toBeVisible({ timeout: 10_000 });
  await expect(modal.getByRole("link", { name: t("members:likeModal.view") })).toBeVisible();
  await page.waitForTimeout(1_000);
  expect(calls).toBe(1);
});

test("the signup modal keeps what was typed through any number of Escapes", async ({ page }) => {
  await page.goto("/");
  await hydrated(page);
  await page
    .getByRole("link", { name: t("common:nav.signup") })
    .first()
    .click();
  const modal = page.getByTestId("signup-modal");
  await expect(modal).toBeVisible();
  const name = modal.getByLabel(t("accounts:fields.name"));
  await name.fill("Jo");
  for (let press = 0; press < 4; press++) {
    await page.keyboard.press("Escape");
    await expect(modal).toBeVisible();
  }
  await expect(name).toHaveValue("Jo");
  // The backdrop does not close it either.
  await page.mouse.click(5, 5);
  await expect(modal).toBeVisible();
  await expect(name).toHaveValue("Jo");
});

test("a call answered with authentication_required logs the member out in the browser", async ({ page }) => {
  await activeMember(page);
  await page.goto("/credits");
  await page
    .getByRole("link", { name: t("payments:premium.buy") })
    .first()
    .click();
  await page.getByRole("button", { name: t("payments:credits.pay") }).click();
  await expect(page).toHaveURL(/\/payments\/sandbox\//);
  // The page's own refresh (5 s after load, then every minute) would also find
  // out, a minute later: the session ends once it has passed.
  const refreshed = page.waitForResponse((answer) => new URL(answer.url()).pathname === "/api/user.php");
  await page.getByRole("button", { name: t("payments:sandbox.pending"), exact: true }).click();
  await expect(page).toHaveURL(/\/transactions\/\d+$/);
  await expect(page.getByRole("heading", { name: t("payments:transactions.pending") })).toBeVisible();
  await refreshed;
  // The session ends on the server (logged out on another device, or expired):
  // the page's next call to /api is refused, and this browser logs out too.
  const ended = await page.request.post("/api/logout.php", {
    headers: { Origin: BASE_URL, "X-Requested-With": "XMLHttpRequest" },
  });
  expect(ended.ok()).toBe(true);
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Ftransactions%2F\d+$/, { timeout: 15_000 });
  await expect(page.getByRole("button", { name: t("accounts:login.submit") })).toBeVisible();
});

test("the badge and the title drop as soon as a new like is seen", async ({ page, browser, baseURL }) => {
  const bram = await anotherVisitor(browser, baseURL!);
  await activeMember(bram, "nl", { name: "Bram", gender: "male", seeking: "female" });
  const bramId = await ownId(bram);
  await activeMember(page, "nl", { name: "Anna", gender: "female", seeking: "male" });
  const annaId = await ownId(page);
  await bram.goto(`/members/${annaId}`);
  await bram.getByRole("button", { name: t("members:like"), exact: true }).click();
  await expect(bram.getByRole("button", { name: t("members:liked") })).toBeVisible();

  await page.goto("/likes");
  await hydrated(page);
  await expect(page.getByTestId("badge").filter({ visible: true })).toHaveText("1");
  await expect.poll(() => page.title()).toMatch(/^\(1\) /);
  await page.getByRole("link", { name: /Bram/ }).click();
  await expect(page).toHaveURL(new RegExp(`/likes/m/${bramId}$`));
  // No reload: the like was seen, so the counts follow at once.
  await expect(page.getByTestId("badge")).toHaveCount(0);
  await expect.poll(() => page.title()).not.toMatch(/^\(/);
  await bram.close();
});
