// Account journeys in real Chromium, at phone and desktop widths.

import type { Page } from "@playwright/test";

// Journeys sign members up and hash passwords (argon2id) several times each.
test.describe.configure({ timeout: 90_000 });

import {
  activeMember,
  expect,
  expectAccessible,
  hydrated,
  linkInMail,
  PASSWORD,
  signUp,
  test,
  text,
  uniqueEmail,
} from "./support.ts";

async function logOut(page: Page, lng: string) {
  await page.goto("/notifications");
  await page.getByTestId("account-menu").click();
  await page.getByRole("button", { name: text(lng, "common:nav.logout") }).click();
  await expect(page.getByRole("link", { name: text(lng, "common:nav.login") })).toBeVisible();
}

async function logIn(page: Page, lng: string, email: string, password: string) {
  await page.goto("/login");
  await page.getByLabel(text(lng, "accounts:fields.email")).fill(email);
  await page.getByLabel(text(lng, "accounts:fields.password")).fill(password);
  await page.getByRole("button", { name: text(lng, "accounts:login.submit") }).click();
}

for (const lng of ["nl", "de"]) {
  // Dutch on a desktop, German on a phone.
  test.describe(`accounts (${lng})`, lng === "de" ? { tag: "@phone-only" } : {}, () => {
    test.use({ lng });

    test("sign up, confirm the e-mail address from the outbox, and land on activation-done", async ({ page }) => {
      const t = (key: string, values?: Record<string, string | number>) => text(lng, key, values);
      const email = await signUp(page, lng, { name: "Noor" });
      await expect(page.getByTestId("language-menu")).toHaveCount(0);
      await expect(page.getByTestId("activation-reminder")).toContainText(t("common:banners.confirmAddress"));
      await page.getByRole("button", { name: t("accounts:complete.submit") }).click();
      // The photo step may be skipped; the flow does not ask again.
      await expect(page).toHaveURL(/\/signup-photo$/);
      await page.getByRole("button", { name: t("photos:step.skip") }).click();
      await expect(page).toHaveURL(/\/signup-matches$/);
      await expect(page.getByRole("heading", { name: t("accounts:matches.title") })).toBeVisible();
      await page.getByRole("link", { name: t("accounts:matches.continue") }).click();
      await expect(page).toHaveURL(/\/members\?welcome=1$/);

      // The link only asks, naming the account by its masked address; the button activates and logs in.
      await page.goto(await linkInMail(page, email, "activation"));
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(t("accounts:followLink.activateTitle"));
      await expect(page.getByRole("main")).toContainText(`${email[0]}•••@e2e.example`);
      await page.getByRole("button", { name: t("accounts:followLink.activateButton") }).click();
      await expect(page).toHaveURL(/\/activate\/done$/);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(t("accounts:done.title"));
      await expect(page.getByText("−25%")).toBeVisible();
      await expect(page.getByTestId("activation-reminder")).toHaveCount(0);
      await expectAccessible(page);
    });

    test("a wrong password, again and again, blocks the account for some minutes", async ({ page }) => {
      const email = await activeMember(page, lng);
      await logOut(page, lng);
      for (let i = 0; i < 4; i++) {
        await logIn(page, lng, email, "not-my-password");
        await expect(page.getByRole("alert").filter({ hasText: text(lng, "errors:loginFailed") })).toBeVisible();
      }
      await logIn(page, lng, email, "not-my-password");
      await expect(
        page.getByRole("alert").filter({ hasText: text(lng, "errors:loginBlocked", { minutes: 15 }) }),
      ).toBeVisible();
      await logIn(page, lng, email, PASSWORD);
      await expect(page).toHaveURL(/\/login$/);
    });

    test("reset the password with the link from the mail", async ({ page }) => {
      const email = await activeMember(page, lng);
      await logOut(page, lng);
      await page.goto("/reset-password");
      await page.getByLabel(text(lng, "accounts:fields.email")).fill(email);
      await page.getByRole("button", { name: text(lng, "accounts:reset.submit") }).click();
      await expect(page.getByRole("main").getByRole("status")).toContainText(email);
      await page.goto(await linkInMail(page, email, "password_reset"));
      await page.getByLabel(text(lng, "accounts:fields.newPassword"), { exact: true }).fill("a-brand-new-one");
      await page.getByLabel(text(lng, "accounts:fields.repeatPassword")).fill("a-brand-new-one");
      await page.getByRole("button", { name: text(lng, "accounts:resetDo.submit") }).click();
      await expect(page).toHaveURL(/\/members$/);
      await logOut(page, lng);
      await logIn(page, lng, email, "a-brand-new-one");
      await expect(page).toHaveURL(/\/members$/);
    });
  });
}

test.describe("settings", () => {
  test("change the e-mail address through a link sent to the new address", async ({ page }) => {
    await activeMember(page);
    const newEmail = uniqueEmail("moved");
    await page.goto("/notifications");
    await page.getByLabel(text("nl", "accounts:fields.newEmail")).fill(newEmail);
    await page
      .locator("form", { has: page.getByLabel(text("nl", "accounts:fields.newEmail")) })
      .getByLabel(text("nl", "accounts:fields.currentPassword"))
      .fill(PASSWORD);
    await page.getByRole("button", { name: text("nl", "settings:account.saveEmail") }).click();
    await expect(page.getByRole("main").getByRole("status").filter({ hasText: newEmail })).toBeVisible();
    await page.goto(await linkInMail(page, newEmail, "mail_change"));
    await expect(
      page.getByRole("status").filter({ hasText: text("nl", "accounts:mailChange.done", { email: newEmail }) }),
    ).toBeVisible();
    await page.goto("/notifications");
    await expect(page.getByText(newEmail)).toBeVisible();
    await expectAccessible(page);
  });

  test("invisible mode hides the profile from other visitors", async ({ page, browser }) => {
    await activeMember(page);
    const { user } = await (await page.request.get("/api/user.php")).json();
    const visitor = await browser.newPage({ extraHTTPHeaders: { "CF-IPCountry": "NL" } });
    expect((await visitor.goto(`/members/${user.profile.id}`))?.status()).toBe(200);
    await page.goto("/notifications");
    await page.getByLabel(new RegExp(text("nl", "settings:privacy.invisible"))).check();
    await page
      .locator("form", { has: page.getByLabel(new RegExp(text("nl", "settings:privacy.invisible"))) })
      .getByRole("button", { name: text("nl", "settings:save") })
      .click();
    await expect(
      page
        .getByRole("main")
        .getByRole("status")
        .filter({ hasText: text("nl", "settings:saved") }),
    ).toBeVisible();
    expect((await visitor.goto(`/members/${user.profile.id}`))?.status()).toBe(404);
    await visitor.close();
  });

  test("delete the account past the retention offer, then reactivate it by e-mail", async ({ page }) => {
    const email = await activeMember(page);
    await page.goto("/notifications");
    await page.getByRole("button", { name: text("nl", "settings:delete.start") }).click();
    await expect(page.getByTestId("retention-offer")).toContainText("50%");
    await page.getByRole("button", { name: text("nl", "settings:delete.continue") }).click();
    await page
      .locator("form", { has: page.getByRole("button", { name: text("nl", "settings:delete.confirm") }) })
      .getByLabel(text("nl", "accounts:fields.currentPassword"))
      .fill(PASSWORD);
    await page.getByRole("button", { name: text("nl", "settings:delete.confirm") }).click();
    await expect(page).toHaveURL(/\/account-deleted$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(text("nl", "accounts:deleted.title"));

    await page.goto(await linkInMail(page, email, "account_deleted"));
    await page.getByRole("button", { name: text("nl", "accounts:followLink.reactivateButton") }).click();
    await expect(page).toHaveURL(/\/activate\/done$/);
    await expect(page.getByTestId("account-menu")).toBeVisible();
  });
});

test.describe("signup modal", () => {
  test("opens on desktop and cannot be closed with Escape once signup has started", async ({ page }) => {
    await page.goto("/");
    // Before React takes over, the link is a plain link to the signup page.
    await hydrated(page);
    await page
      .getByRole("link", { name: text("nl", "common:nav.signup") })
      .first()
      .click();
    const modal = page.getByTestId("signup-modal");
    await expect(modal).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(modal).toBeHidden();
    await page
      .getByRole("link", { name: text("nl", "common:nav.signup") })
      .first()
      .click();
    await modal.getByLabel(text("nl", "accounts:fields.name")).fill("Jo");
    await page.keyboard.press("Escape");
    await expect(modal).toBeVisible();
    await modal.getByLabel(text("nl", "accounts:fields.email")).fill("not-an-address");
    await modal.getByLabel(text("nl", "accounts:fields.name")).click();
    await expect(modal.getByText(text("nl", "validation:emailInvalid"))).toBeVisible();
    await expectAccessible(page);
    await modal.getByRole("button", { name: text("nl", "accounts:signup.close") }).click();
    await expect(modal).toBeHidden();
  });

  test("is the signup page on a phone, with the activation reminder as a modal afterwards", {
    tag: "@phone-only",
  }, async ({ page }) => {
    await page.goto("/");
    await page
      .getByRole("link", { name: text("nl", "home.cta".replace(/^/, "common:")) })
      .first()
      .click();
    await expect(page).toHaveURL(/\/signup$/);
    const email = await signUp(page, "nl");
    await page.goto("/members?welcome=1");
    await expect(page.getByTestId("activation-modal")).toBeVisible();
    await expect(page.getByTestId("activation-modal")).toContainText(email);
  });
});
