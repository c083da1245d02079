// The chat desk in real Chromium, at phone and desktop widths: a member writes
// to a fictional profile (after confirming that a staff member answers), the
// demo chat operator answers from the desk, and the member reads the answer
// live, without reloading. A member who asks whether a real person writes gets
// the honest answer: the desk pre-fills it and refuses an answer without it.
import type { Browser, Page } from "@playwright/test";
import { chatWithFictional } from "./fictional-profiles.ts";
import { signedInOperator } from "./operators.ts";
import { expect, test, text } from "./support.ts";

test.describe.configure({ timeout: 240_000 });
const t = (key: string, values?: Record<string, string | number>) => text("nl", key, values);
const ta = (key: string, values?: Record<string, string | number>) => t(`admin:${key}`, values);

/** Types and sends a message; the first one asks the member to confirm the operator notice. */
async function write(page: Page, message: string, confirmNotice = false) {
  await page.getByPlaceholder(t("chat:footer.placeholder")).fill(message);
  await page.getByRole("button", { name: t("chat:footer.send") }).click();
  if (confirmNotice) {
    const notice = page.getByTestId("operator-notice");
    await expect(notice.getByRole("heading", { name: t("chat:operatorNotice.title") })).toBeVisible();
    await notice.getByRole("button", { name: t("chat:operatorNotice.confirm") }).click();
  }
  await expect(page.getByText(message).first()).toBeVisible();
}

/**
 * A demo operator with the desk's permission, at the desk's page for this
 * conversation (opened from the queue). A code of the authenticator works once:
 * the two journeys sign in as different operators, so the same journey at two
 * widths is all that shares one.
 */
async function operatorOpens(browser: Browser, baseURL: string, conversation: number, role: "chat" | "moderator") {
  const desk = await signedInOperator(browser, baseURL, role);
  await desk
    .getByRole("link", { name: ta("nav.desk") })
    .first()
    .click();
  await expect(desk.getByRole("heading", { name: ta("desk.title"), level: 1 })).toBeVisible();
  const row = desk.getByTestId(`desk-conversation-${conversation}`);
  await expect(row).toBeVisible();
  await row.getByRole("link", { name: ta("desk.open") }).click();
  await expect(desk).toHaveURL(new RegExp(`/admin/desk/${conversation}$`));
  return desk;
}

test("a member's message to a fictional profile is answered from the desk, and read live", {
  tag: "@phone",
}, async ({ page, browser, baseURL }) => {
  const conversation = await chatWithFictional(page, "Joost");
  await write(page, "Hoi! Zin in een praatje?", true);

  const desk = await operatorOpens(browser, baseURL!, conversation, "chat");
  await expect(desk.getByTestId("desk-messages").getByText("Hoi! Zin in een praatje?")).toBeVisible();
  await expect(desk.getByTestId("desk-honesty")).toHaveCount(0);
  const answer = `Leuk dat je schrijft! ${Date.now()}`;
  await desk.locator('textarea[name="text"]').fill(answer);
  await desk.getByRole("button", { name: ta("desk.send") }).click();
  await expect(desk.getByText(ta("desk.sent"))).toBeVisible({ timeout: 20_000 });

  // The member's open conversation shows it without a reload (on a desktop the chat list beside it may show it too).
  await expect(page.getByTestId("message-theirs").getByText(answer)).toBeVisible({ timeout: 15_000 });
});

test("a member who asks for a real person gets the honest answer first", {
  tag: "@phone",
}, async ({ page, browser, baseURL }) => {
  const conversation = await chatWithFictional(page, "Joost");
  await write(page, "Ben jij echt?", true);

  const desk = await operatorOpens(browser, baseURL!, conversation, "moderator");
  await expect(desk.getByTestId("desk-honesty")).toHaveText(ta("desk.honestyWarning"));
  const box = desk.locator('textarea[name="text"]');
  const honest = await box.inputValue();
  expect(honest).toMatch(/^Eerlijk antwoord: /);
  expect(honest).toBe(t("chat:operatorAnswer.honest", { site: honest.match(/medewerker van (.+?) en schrijf/)![1]! }));

  // An answer that leaves the honest one out is refused, and nothing reaches the member.
  await box.fill("Natuurlijk ben ik echt!");
  await desk.getByRole("button", { name: ta("desk.send") }).click();
  await expect(desk.getByText(ta("desk.errors.honestAnswerRequired"))).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText("Natuurlijk ben ik echt!")).toHaveCount(0);

  await box.fill(`${honest} Waar wil je het over hebben?`);
  await desk.getByRole("button", { name: ta("desk.send") }).click();
  await expect(desk.getByText(ta("desk.sent"))).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId("message-theirs").getByText(honest, { exact: false })).toBeVisible({ timeout: 15_000 });
  await expect(desk.getByTestId("desk-honesty")).toHaveCount(0);
});
