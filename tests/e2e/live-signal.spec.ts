// A member who has their chats open sees a new conversation appear as soon as
// it is written, without reloading: the member's live signal tells the page to
// fetch its data again. The page's own scheduled refresh (5 s after load, then
// every minute) must not be what shows it, so the recipient waits past the
// first refresh before the message goes, and the list must follow within 2.5 s.
import { activeMember, anotherVisitor, expect, hydrated, logInDemo as logIn, ownId, test, text } from "./support.ts";

test.describe.configure({ timeout: 90_000 });
const t = (key: string, values?: Record<string, string | number>) => text("nl", key, values);
/** Past the first scheduled refresh of /chats (5 s after load), with room to spare. */
const PAST_FIRST_REFRESH_MS = 7_000;
const LIVE_WITHIN_MS = 2_500;

test("a first message shows in the recipient's open chat list at once, without a reload", {
  tag: "@phone",
}, async ({ page, browser, baseURL }) => {
  const name = `Bas${Math.floor(Math.random() * 1e6)}`;
  const bas = await anotherVisitor(browser, baseURL!);
  await activeMember(bas, "nl", { name, gender: "male", seeking: "female" });
  const basId = await ownId(bas);
  await logIn(page, "premium@hartslag.example");
  await page.goto(`/members/${basId}`);
  await page.getByRole("button", { name: t("members:sendMessage") }).click();
  await expect(page).toHaveURL(/\/chats\/\d+$/);
  await hydrated(page);

  // B has the chats overview open: nothing yet.
  await bas.goto("/chats");
  await hydrated(bas);
  await expect(bas.getByTestId("chats-empty")).toBeVisible();
  let reloaded = false;
  bas.on("load", () => {
    reloaded = true;
  });
  await bas.waitForTimeout(PAST_FIRST_REFRESH_MS);

  const opening = t("chat:icebreaker.line1", { name });
  await page.getByTestId("icebreaker").getByRole("button", { name: opening }).click();
  await expect(page.getByTestId("message-mine").filter({ hasText: opening })).toBeVisible();
  const sentAt = Date.now();

  const row = bas.getByTestId("chat-row").filter({ hasText: "Daan" });
  await expect(row).toContainText(opening.slice(0, 20), { timeout: LIVE_WITHIN_MS });
  expect(Date.now() - sentAt).toBeLessThan(LIVE_WITHIN_MS);
  await expect(row.getByTestId("chat-unread")).toContainText("1");
  await expect(bas.getByTestId("chats-empty")).toBeHidden();
  expect(reloaded).toBe(false);
});
