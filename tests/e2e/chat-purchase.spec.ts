// Buying credits from a conversation: the member without credits types a
// message, is refused, follows the alert to /credits, pays in the sandbox and
// comes back to the same conversation with the typed text still in the send
// box and no icebreaker in the way. Sending it then clears the kept draft.
import type { Page } from "@playwright/test";
import { activeMember, anotherVisitor, expect, hydrated, ownId, test, text } from "./support.ts";

test.describe.configure({ timeout: 150_000 });
const t = (key: string, values?: Record<string, string | number>) => text("nl", key, values);

const messageBox = (page: Page, name: string) => page.getByRole("textbox", { name: t("chat:footer.label", { name }) });

test("buying from a conversation comes back to it with the typed message, which is sent once", {
  tag: "@phone",
}, async ({ page, browser, baseURL }) => {
  const typed = "Hoi! Zullen we eens afspreken voor koffie?";
  // Fenna writes to a member made for this test: a member another journey makes
  // at the same time would otherwise count her message among their own unread.
  const other = `Joris${Math.floor(Math.random() * 1e6)}`;
  const joris = await anotherVisitor(browser, baseURL!);
  await activeMember(joris, "nl", { name: other, gender: "male", seeking: "female" });
  const otherId = await ownId(joris);
  await joris.close();
  await activeMember(page, "nl", { name: "Fenna" });
  await page.goto(`/members/${otherId}`);
  await expect(page.getByRole("heading", { level: 1 })).toContainText(other);
  await page.getByRole("button", { name: t("members:sendMessage") }).click();
  await expect(page).toHaveURL(/\/chats\/\d+$/);
  const conversation = new URL(page.url()).pathname;

  await page.getByRole("button", { name: t("chat:icebreaker.own") }).click();
  await messageBox(page, other).fill(typed);
  await page.getByRole("button", { name: t("chat:footer.send") }).click();
  const alert = page.getByTestId("chat-alert-insufficient_credits");
  await expect(alert).toContainText(t("errors:insufficientCredits"));
  await alert.getByRole("link", { name: t("chat:alerts.buyCredits") }).click();

  await expect(page).toHaveURL(/\/credits\?return=/);
  await page
    .getByRole("link", { name: t("payments:premium.buy") })
    .first()
    .click();
  await expect(page).toHaveURL(/\/credits\/\d+\?return=/);
  await page.getByRole("button", { name: t("payments:credits.pay") }).click();
  await expect(page).toHaveURL(/\/payments\/sandbox\//);
  await page.getByRole("button", { name: t("payments:sandbox.paid") }).click();
  await expect(page).toHaveURL(/\/transactions\/\d+/);
  await expect(page.getByTestId("payment-state")).toContainText(t("payments:transactions.completed"));

  await page.getByRole("link", { name: t("payments:transactions.toConversation") }).click();
  await expect(page).toHaveURL(new RegExp(`${conversation}$`));
  await hydrated(page);
  const box = messageBox(page, other);
  await expect(box).toHaveValue(typed);
  await expect(page.getByTestId("icebreaker")).toBeHidden();

  await page.getByRole("button", { name: t("chat:footer.send") }).click();
  await expect(page.getByTestId("message-mine")).toHaveCount(1);
  await expect(page.getByTestId("message-mine")).toContainText(typed);
  await expect(box).toHaveValue("");

  // Sent: the draft is gone for good, and a conversation with messages opens without the icebreaker.
  await page.reload();
  await hydrated(page);
  await expect(page.getByTestId("message-mine")).toHaveCount(1);
  await expect(messageBox(page, other)).toHaveValue("");
  await expect(page.getByTestId("icebreaker")).toBeHidden();
});
