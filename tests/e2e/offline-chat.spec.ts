// A chat that lives through a bad connection, on a phone: a member who loses
// the network in a conversation keeps the page (never the error page), sees
// the offline bar and what they wrote waiting, and once the network is back
// it goes out by itself, once each and in order, charged once each, without
// a reload of the page.
import type { Page } from "@playwright/test";
import { activeMember, anotherVisitor, buyCredits, expect, ownId, test, text } from "./support.ts";

test.describe.configure({ timeout: 150_000 });
const t = (key: string, values?: Record<string, string | number>) => text("nl", key, values);

const messageBox = (page: Page, name: string) => page.getByRole("textbox", { name: t("chat:footer.label", { name }) });
const credits = async (page: Page) =>
  Number(((await page.getByTestId("chat-credits").textContent()) ?? "").replace(/\D/g, ""));

test("messages written offline wait, then go once and in order when the connection returns", {
  tag: "@phone-only",
}, async ({ page, context, browser, baseURL }) => {
  const name = `Sem${Math.floor(Math.random() * 1e6)}`;
  const sem = await anotherVisitor(browser, baseURL!);
  await activeMember(sem, "nl", { name, gender: "male", seeking: "female" });
  const semId = await ownId(sem);
  await activeMember(page, "nl", { name: "Fleur" });
  await buyCredits(page);

  await page.goto(`/members/${semId}`);
  await page.getByRole("button", { name: t("members:sendMessage") }).click();
  await expect(page).toHaveURL(/\/chats\/\d+$/);
  const chatPath = new URL(page.url()).pathname;
  const price = Number(((await page.getByTestId("icebreaker-price").textContent()) ?? "").replace(/\D/g, ""));
  await page.getByRole("button", { name: t("chat:icebreaker.own") }).click();
  const before = await credits(page);
  // Gone if the page is loaded again: proves the messages went without a reload.
  await page.evaluate(() => {
    (window as Window & { keptPage?: boolean }).keptPage = true;
  });

  const bar = page.getByRole("status").filter({ hasText: t("common:connection.offline") });
  await expect(bar).toHaveCount(0);
  await context.setOffline(true);
  await expect(bar).toBeVisible();

  const stamp = Date.now();
  const lines = [`Ben zo terug ${stamp}`, `Trein rijdt de tunnel in ${stamp}`];
  const box = messageBox(page, name);
  for (const line of lines) {
    await box.fill(line);
    await box.press("Enter");
    await expect(box).toHaveValue("");
  }
  const waiting = page.getByTestId("message-pending");
  await expect(waiting).toHaveCount(2);
  for (const [i, line] of lines.entries()) {
    await expect(waiting.nth(i)).toContainText(line);
    await expect(waiting.nth(i)).toContainText(t("chat:conversation.waiting"));
  }
  // Long enough for the chat's own reload of its data (5 s after load) and the page's refresh to have tried.
  await page.waitForTimeout(8_000);
  await expect(page.getByTestId("error-page")).toHaveCount(0);
  await expect(bar).toBeVisible();
  await expect(waiting).toHaveCount(2);

  await context.setOffline(false);
  const mine = page.getByTestId("message-mine");
  await expect(waiting).toHaveCount(0, { timeout: 20_000 });
  await expect(bar).toHaveCount(0);
  await expect(mine.filter({ hasText: String(stamp) })).toHaveText([new RegExp(lines[0]!), new RegExp(lines[1]!)]);
  await expect.poll(() => credits(page)).toBe(before - 2 * price);
  expect(await page.evaluate(() => (window as Window & { keptPage?: boolean }).keptPage)).toBe(true);
  await expect(page.getByTestId("error-page")).toHaveCount(0);

  // The other side got each message once, in the order written.
  await sem.goto(chatPath);
  await expect(sem.getByTestId("message-theirs").filter({ hasText: String(stamp) })).toHaveText([
    new RegExp(lines[0]!),
    new RegExp(lines[1]!),
  ]);
  await sem.close();
});
