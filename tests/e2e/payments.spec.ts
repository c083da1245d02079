// Payments journeys in real Chromium, at phone and desktop widths:
// the first purchase through the sandbox provider with the welcome discount,
// failed and cancelled payments, direct debit signed with the texted code and
// collected later (credits only once the bank paid), and the time-bonus modal
// with its countdown.
import type { Page } from "@playwright/test";
import { activeMember, expect, expectAccessible, fillDirectDebitForm, hydrated, test, text } from "./support.ts";

test.describe.configure({ timeout: 120_000 });
const t = (key: string, values?: Record<string, string | number>) => text("nl", key, values);

async function currentUser(page: Page): Promise<{ credits: number; paid_user: boolean }> {
  const { user } = await (await page.request.get("/api/user.php")).json();
  return user;
}

/** From /credits: a package card, then a payment method, then on to pay. */
async function checkout(page: Page, style: "p0" | "p1" | "p2" | "p3", method: string) {
  await page.goto("/credits");
  await page.getByTestId(`package-${style}`).getByRole("link").click();
  await expect(page).toHaveURL(/\/credits\/\d+$/);
  await page.getByTestId(`method-${method}`).click();
  await page.getByRole("button", { name: t("payments:credits.pay") }).click();
}

/** The six-digit code in the newest text message to a number, from /dev/mail. */
async function smsCode(page: Page, to: string): Promise<string> {
  const outbox = await page.context().newPage();
  let code: string | null = null;
  await expect
    .poll(
      async () => {
        await outbox.goto("/dev/mail");
        const sms = outbox
          .getByTestId("sms")
          .filter({ has: outbox.getByTestId("sms-to").getByText(to, { exact: true }) });
        if ((await sms.count()) === 0) return null;
        code = /\b(\d{6})\b/.exec((await sms.first().getByTestId("sms-text").textContent()) ?? "")?.[1] ?? null;
        return code;
      },
      { timeout: 15_000 },
    )
    .not.toBeNull();
  await outbox.close();
  return code!;
}

test("a new member buys the popular package with the welcome discount and is premium", { tag: "@phone" }, async ({
  page,
  isMobile,
}) => {
  await activeMember(page);
  await page.goto("/members");
  // One banner at a time: the photo and the profile banners come first, the offers once they are dismissed.
  await hydrated(page);
  for (const banner of ["enrich-profile-alert", "complete-profile-alert"]) {
    await page
      .getByTestId(banner)
      .getByRole("button", { name: t("common:banners.dismiss") })
      .click();
  }
  await expect(page.getByTestId("welcome-banner")).toContainText(t("payments:welcome.bannerOpen", { percentage: 25 }));
  await page
    .getByTestId("offers-banner")
    .getByRole("link", { name: t("payments:welcome.action") })
    .click();
  await expect(page).toHaveURL(/\/credits$/);

  const popular = page.getByTestId("package-p1");
  await expect(popular.getByTestId("popular-ribbon")).toHaveText(t("payments:premium.popular"));
  await expect(popular.getByTestId("discount-badge")).toContainText("−25%");
  await popular.getByRole("link").click();
  await expect(page).toHaveURL(/\/credits\/\d+$/);
  const summary = page.getByRole("complementary");
  await expect(summary.getByTestId("old-price")).toContainText("19,95");
  await expect(summary.getByTestId("price")).toContainText("14,96");
  await expect(summary.getByTestId("discount-badge")).toContainText("−25%");
  await expectAccessible(page);

  await page.getByTestId("method-ideal").click();
  await page.getByRole("button", { name: t("payments:credits.pay") }).click();
  await expect(page).toHaveURL(/\/payments\/sandbox\/sbx_\w+$/);
  await expect(page.getByTestId("sandbox-amount")).toContainText("14,96");
  await page.getByRole("button", { name: t("payments:sandbox.paid"), exact: true }).click();

  await expect(page).toHaveURL(/\/transactions\/\d+$/);
  await expect(page.getByRole("heading", { name: t("payments:transactions.completed") })).toBeVisible();
  await expect(page.getByTestId("balance")).toHaveText(t("payments:transactions.balance_other", { count: 60 }));
  await expect(page.getByTestId("premium-now")).toHaveText(t("payments:transactions.premiumNow_one", { count: 1 }));
  await expectAccessible(page);

  // Premium now: "Credits" instead of "Premium"; 60 credits is above the badge's 10.
  // A phone has the places in its bottom bar.
  const nav = page.getByRole("navigation", { name: t(isMobile ? "common:nav.quick" : "common:nav.main") });
  const credits = nav.getByRole("link", { name: t("common:nav.credits") });
  await expect(credits).toHaveAttribute("href", "/credits");
  await expect(nav.getByRole("link", { name: t("common:nav.premium") })).toHaveCount(0);
  await expect(credits.getByTestId("badge")).toHaveCount(0);
  await expect(page.getByTestId("offers-banner")).toHaveCount(0);
  expect(await currentUser(page)).toMatchObject({ credits: 60, paid_user: true });

  // The credits page starts with the order just paid, to buy again in one tap.
  await credits.click();
  await expect(page.getByTestId("last-order")).toContainText(t("payments:methods.ideal"));
  await expect(page.getByTestId("last-order")).toContainText(t("payments:package.credits_other", { count: 60 }));
});

test("failed and cancelled payments book nothing; a failed card payment offers PayPal", async ({ page }) => {
  await activeMember(page);
  for (const [outcome, method] of [
    ["failed", "creditcard"],
    ["cancelled", "paypal"],
  ] as const) {
    await checkout(page, "p0", method);
    await expect(page).toHaveURL(/\/payments\/sandbox\//);
    await page.getByRole("button", { name: t(`payments:sandbox.${outcome}`), exact: true }).click();
    await expect(page).toHaveURL(/\/transactions\/\d+$/);
    await expect(page.getByRole("heading", { name: t("payments:transactions.failed") })).toBeVisible();
    await expect(page.getByText(t("payments:transactions.failedText"))).toBeVisible();
    if (method === "creditcard") {
      const paypal = page.getByRole("link", { name: t("payments:transactions.tryPaypal") });
      await expect(paypal).toHaveAttribute("href", /^\/credits\/\d+\/paypal$/);
      await expect(page.getByRole("link", { name: t("payments:transactions.retry") })).toHaveAttribute(
        "href",
        /^\/credits\/\d+\/creditcard$/,
      );
      await expectAccessible(page);
      await paypal.click();
      await expect(page.getByTestId("method-paypal").getByRole("radio")).toBeChecked();
    } else {
      await expect(page.getByRole("link", { name: t("payments:transactions.tryPaypal") })).toHaveCount(0);
    }
  }
  expect(await currentUser(page)).toMatchObject({ credits: 0, paid_user: false });
  await page.goto("/transactions");
  await expect(page.getByRole("main").getByRole("listitem")).toHaveCount(2);
});

test("direct debit: a wrong IBAN is refused, the code signs the mandate, credits come when the bank pays", async ({
  page,
}) => {
  await activeMember(page);
  await checkout(page, "p0", "directdebit");
  await expect(page).toHaveURL(/\/directdebit\?package=\d+$/);
  await expectAccessible(page);

  const mobile = await fillDirectDebitForm(page, "nl91abna0417164301");
  const iban = page.getByLabel(t("payments:directDebit.iban"));
  await expect(iban).toHaveValue("NL91 ABNA 0417 1643 01");
  const submit = page.getByRole("button", { name: t("payments:directDebit.submit") });
  await submit.click();
  await expect(page.getByText(t("validation:ibanInvalid"))).toBeVisible();
  await expect(page).not.toHaveURL(/mandate=/);

  await iban.fill("NL91ABNA0417164300");
  await submit.click();
  await expect(page).toHaveURL(/\/directdebit\?package=\d+&mandate=\d+$/);
  await expect(page.getByRole("heading", { name: t("payments:directDebit.codeTitle") })).toBeVisible();

  const code = await smsCode(page, mobile);
  const field = page.getByLabel(t("payments:directDebit.code"));
  const confirm = page.getByRole("button", { name: t("payments:directDebit.confirm") });
  await field.fill(code === "000000" ? "111111" : "000000");
  await confirm.click();
  await expect(page.getByText(t("errors:codeInvalid"))).toBeVisible();

  await field.fill(code);
  await confirm.click();
  await expect(page).toHaveURL(/\/transactions\/\d+$/);
  const transaction = page.url();
  // Signed, not paid: the collection is pending at the bank, and no credits yet.
  await expect(page.getByRole("heading", { name: t("payments:transactions.collectionPending") })).toBeVisible();
  await expect(page.getByText(t("payments:transactions.collectionPendingHint"))).toBeVisible();
  await expectAccessible(page);
  expect(await currentUser(page)).toMatchObject({ credits: 0, paid_user: false });
  await page.goto("/transactions");
  await expect(page.getByRole("main").getByRole("listitem")).toContainText(t("payments:transactions.status.pending"));

  // In the local sandbox someone answers for the bank; then the credits come, once.
  await page.goto(transaction);
  await page.getByTestId("sandbox-collection").click();
  await expect(page).toHaveURL(/\/payments\/sandbox\/sbx_dd_\d+$/);
  await page.getByRole("button", { name: t("payments:sandbox.paid"), exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`${new URL(transaction).pathname}$`));
  await expect(page.getByRole("heading", { name: t("payments:transactions.completed") })).toBeVisible();
  expect(await currentUser(page)).toMatchObject({ credits: 25, paid_user: true });
});

test("the time-bonus modal comes 40 s into the members area and stays away once dismissed", async ({ page }) => {
  await page.clock.install();
  await activeMember(page);
  await page.goto("/members");
  const bar = page.getByTestId("time-bonus-bar");
  const modal = page.getByTestId("time-bonus-modal");
  await expect(bar.getByTestId("time-bonus-countdown")).toHaveText(/^03:5\d:\d\d$/);
  await page.clock.fastForward(30_000);
  await expect(modal).toHaveCount(0);
  await page.clock.fastForward(11_000);
  await expect(modal).toBeVisible();
  await expect(modal.getByRole("heading", { name: t("payments:timeBonus.title", { percentage: 25 }) })).toBeVisible();

  // The countdown ticks from the bonus's end: hh:mm:ss, a little lower each time.
  const countdown = modal.getByTestId("time-bonus-countdown");
  await expect(countdown).toHaveText(/^03:5\d:\d\d$/);
  const before = await countdown.textContent();
  await page.clock.fastForward(3_000);
  await expect(countdown).not.toHaveText(before!);
  await expect(modal.getByRole("link", { name: t("payments:timeBonus.action") })).toHaveAttribute("href", "/credits");

  await modal.getByRole("button", { name: t("payments:timeBonus.later") }).click();
  await expect(modal).toHaveCount(0);
  // The bar itself waits its turn in the banner slot (push comes before offers); the modal stays away.
  await page.reload();
  await hydrated(page);
  await page.clock.fastForward(41_000);
  await page.clock.runFor(1_000);
  await expect(modal).toHaveCount(0);
  expect(await page.evaluate(() => localStorage.getItem("dismissed:time-bonus"))).toMatch(/^\d+$/);
});
