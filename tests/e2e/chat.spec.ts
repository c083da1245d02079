// Chat journeys in real Chromium, at phone and desktop widths: two
// members in two browsers, live over the conversation room. The premium demo
// account (shared with parallel tests) writes first; only changes this test
// causes are checked, never its exact balance. The new member who replies has
// no credits, so buys some in the payment sandbox first, as a member would.
import type { Page } from "@playwright/test";
import {
  activeMember,
  anotherVisitor,
  buyCredits,
  expect,
  expectAccessible,
  logInDemo as logIn,
  ownId,
  PASSWORD,
  test,
  text,
} from "./support.ts";

test.describe.configure({ timeout: 150_000 });
const t = (key: string, values?: Record<string, string | number>) => text("nl", key, values);

const messageBox = (page: Page, name: string) => page.getByRole("textbox", { name: t("chat:footer.label", { name }) });
const credits = async (page: Page) =>
  Number(((await page.getByTestId("chat-credits").textContent()) ?? "").replace(/\D/g, ""));

test("two members chat live: icebreaker, unread badge, typing, reply, character count, removal", {
  tag: "@phone",
}, async ({ page, browser, baseURL }) => {
  // A: the premium demo member Daan (this test's screen size); B: a new member in a second browser.
  const name = `Bram${Math.floor(Math.random() * 1e6)}`;
  const bram = await anotherVisitor(browser, baseURL!);
  await activeMember(bram, "nl", { name, gender: "male", seeking: "female" });
  const bramId = await ownId(bram);
  await logIn(page, "premium@hartslag.example");

  await page.goto(`/members/${bramId}`);
  await page.getByRole("button", { name: t("members:sendMessage") }).click();
  await expect(page).toHaveURL(/\/chats\/\d+$/);
  const chatPath = new URL(page.url()).pathname;

  // A new conversation offers opening lines with their price; one click sends one.
  const icebreaker = page.getByTestId("icebreaker");
  await expect(icebreaker.getByRole("heading", { name: t("chat:icebreaker.title", { name }) })).toBeVisible();
  await expect(icebreaker.getByTestId("icebreaker-price")).toBeVisible();
  await expectAccessible(page);
  const before = await credits(page);
  const opening = t("chat:icebreaker.line1", { name });
  await icebreaker.getByRole("button", { name: opening }).click();
  await expect(icebreaker).toBeHidden();
  await expect(page.getByTestId("message-mine").filter({ hasText: opening })).toBeVisible();
  await expect.poll(() => credits(page)).toBeLessThan(before);

  // B sees the unread message in the top navigation before opening it.
  await bram.goto("/members");
  await expect(bram.locator('a[href="/chats"]').getByTestId("badge").filter({ visible: true })).toHaveText("1");
  await bram.goto("/chats");
  const row = bram.getByTestId("chat-row").filter({ hasText: "Daan" });
  await expect(row.getByTestId("chat-unread")).toContainText("1");
  await expect(row).toContainText(opening.slice(0, 20));
  await row.getByRole("link").click();
  await expect(bram).toHaveURL(new RegExp(`${chatPath}$`));
  await expect(bram.getByTestId("message-theirs").filter({ hasText: opening })).toBeVisible();
  await expectAccessible(bram);

  // A types: B sees it happen; the count follows the text; B gets the message live.
  const box = messageBox(page, name);
  await box.pressSequentially("Hoi! Leuk dat je", { delay: 40 });
  await expect(bram.getByTestId("typing")).toHaveText(t("chat:conversation.typing", { name: "Daan" }));
  const count = page.getByTestId("char-count");
  await expect(count).toContainText(/^16 \/ \d+/);
  const max = Number(((await count.textContent()) ?? "").match(/\/ ([\d.]+)/)![1]!.replace(".", ""));
  await box.fill("x".repeat(max + 1));
  await expect(count).toHaveClass(/text-danger/);
  await expect(page.getByRole("button", { name: t("chat:footer.send") })).toBeDisabled();
  await box.fill("Hoi! Leuk dat je terugschrijft.");
  await expect(count).not.toHaveClass(/text-danger/);
  await box.press("Enter");
  await expect(box).toHaveValue("");
  await expect(bram.getByTestId("message-theirs").filter({ hasText: "Leuk dat je terugschrijft." })).toBeVisible();
  await expect(bram.getByTestId("typing")).toHaveText("");

  // B replies (after buying credits); A gets it live, and B sees that A read it.
  await buyCredits(bram);
  await bram.goto(chatPath);
  const reply = messageBox(bram, "Daan");
  await reply.fill("Hoi Daan!");
  await reply.press("Shift+Enter");
  await reply.pressSequentially("Hoe gaat het?");
  await reply.press("Enter");
  await expect(page.getByTestId("message-theirs").filter({ hasText: "Hoe gaat het?" })).toBeVisible();
  await expect(page.getByTestId("message-theirs").filter({ hasText: "Hoe gaat het?" })).toContainText("Hoi Daan!");
  await expect(bram.getByTestId("message-seen")).toHaveText(t("chat:conversation.seen"));

  // A removes the chat from the list: gone at once, and still gone after a reload.
  await page.goto("/chats");
  const ownRow = page.getByTestId("chat-row").filter({ hasText: name });
  await expect(ownRow).toContainText("Hoi Daan!");
  await expectAccessible(page);
  await ownRow.getByRole("button", { name: t("chat:list.remove", { name }) }).click();
  await expect(ownRow).toHaveCount(0);
  await page.waitForLoadState("networkidle");
  await page.reload();
  await expect(page.getByTestId("chat-row").filter({ hasText: name })).toHaveCount(0);
  await bram.close();
});

test("without credits nothing is sent: the alert links to /credits and the text stays", async ({ page }) => {
  await activeMember(page, "nl", { name: "Noa" });
  await page.goto("/members?country=NL");
  const card = page.getByRole("main").getByRole("listitem").first();
  // The name from the card: right after the click the list's own heading may still be on screen.
  const other = ((await card.getByTestId("member-name").textContent()) ?? "").trim();
  await card.getByRole("link").first().click();
  await expect(page).toHaveURL(/\/members\/\d+$/);
  await expect(page.getByRole("heading", { level: 1 })).toContainText(other);
  await page.getByRole("button", { name: t("members:sendMessage") }).click();
  await expect(page).toHaveURL(/\/chats\/\d+$/);

  await page.getByRole("button", { name: t("chat:icebreaker.own") }).click();
  const box = messageBox(page, other);
  await box.fill("Hallo, zin in een praatje?");
  await page.getByRole("button", { name: t("chat:footer.send") }).click();
  const alert = page.getByTestId("chat-alert-insufficient_credits");
  await expect(alert).toContainText(t("errors:insufficientCredits"));
  await expect(alert.getByRole("link", { name: t("chat:alerts.buyCredits") })).toHaveAttribute(
    "href",
    /^\/credits\?return=%2Fchats%2F\d+$/,
  );
  await expect(box).toHaveValue("Hallo, zin in een praatje?");
  await expect(page.getByTestId("message-mine")).toHaveCount(0);
  await expect(page.getByTestId("message-pending")).toHaveCount(0);
  await expectAccessible(page);
});

test("a visitor who wants to chat is sent to sign up first", async ({ page }) => {
  await page.goto("/members?country=NL");
  await page.getByRole("main").getByRole("listitem").first().getByRole("link").first().click();
  await expect(page).toHaveURL(/\/members\/\d+$/);
  const id = new URL(page.url()).pathname.split("/").pop();
  await page.goto(`/members/${id}/chat`);
  await expect(page).toHaveURL(new RegExp(`/members/${id}/signup$`));
});

test("a message the socket could not deliver survives a reload: sent once, shown once, charged once", async ({
  page,
  browser,
  baseURL,
}) => {
  const name = `Jesse${Math.floor(Math.random() * 1e6)}`;
  const jesse = await anotherVisitor(browser, baseURL!);
  await activeMember(jesse, "nl", { name, gender: "male", seeking: "female" });
  const jesseId = await ownId(jesse);
  await activeMember(page, "nl", { name: "Lotte" });
  await buyCredits(page);

  // The page's socket reaches the room, but until `deliver` its "send" frames are dropped on the way:
  // the message is typed and sent, and never acknowledged.
  let deliver = false;
  const dropped: string[] = [];
  const delivered: string[] = [];
  await page.routeWebSocket(/\/api\/chat\/socket/, (ws) => {
    const room = ws.connectToServer();
    ws.onMessage((data) => {
      const frame = JSON.parse(String(data)) as { type: string; message?: { clientId: string } };
      if (frame.type === "send") (deliver ? delivered : dropped).push(frame.message!.clientId);
      if (frame.type !== "send" || deliver) room.send(data);
    });
  });

  await page.goto(`/members/${jesseId}`);
  await page.getByRole("button", { name: t("members:sendMessage") }).click();
  await expect(page).toHaveURL(/\/chats\/\d+$/);
  const conversation = new URL(page.url()).pathname.split("/").pop();
  const price = Number(((await page.getByTestId("icebreaker-price").textContent()) ?? "").replace(/\D/g, ""));
  expect(price).toBeGreaterThan(0);
  await page.getByRole("button", { name: t("chat:icebreaker.own") }).click();
  const before = await credits(page);

  const line = `Tot zo, ik schrijf dit offline ${Date.now()}`;
  const box = messageBox(page, name);
  await box.fill(line);
  await box.press("Enter");
  await expect(box).toHaveValue("");
  await expect(page.getByTestId("message-pending").filter({ hasText: line })).toContainText(
    t("chat:conversation.sending"),
  );
  await expect.poll(() => dropped.length).toBe(1);
  const clientId = dropped[0]!;

  // A reload with the socket delivering again: the message shows, goes once with its own clientId, is charged once.
  deliver = true;
  await page.reload();
  const mine = page.getByTestId("message-mine").filter({ hasText: line });
  await expect(mine).toBeVisible({ timeout: 15_000 });
  await expect(mine).toHaveCount(1);
  await expect(page.getByTestId("message-pending")).toHaveCount(0);
  await expect.poll(() => credits(page)).toBe(before - price);
  expect(delivered).toEqual([clientId]);

  // Jesse gets it once; the room holds it once.
  await jesse.goto(`/chats/${conversation}`);
  await expect(jesse.getByTestId("message-theirs").filter({ hasText: line })).toHaveCount(1);
  const history = await page.request.get(`/api/chat/messages?conversation=${conversation}&after=0`, {
    headers: { "X-Requested-With": "XMLHttpRequest" },
  });
  const { messages } = (await history.json()) as { messages: { clientId: string; text: string | null }[] };
  expect(messages.filter((m) => m.text === line).map((m) => m.clientId)).toEqual([clientId]);

  // Nothing is left to send: the next load sends nothing, and the balance the server reports is down by one message.
  await page.reload();
  await expect(page.getByTestId("message-mine").filter({ hasText: line })).toHaveCount(1);
  await expect(page.getByTestId("message-pending")).toHaveCount(0);
  expect(await credits(page)).toBe(before - price);
  expect(await page.evaluate(() => Object.keys(localStorage).filter((key) => key.startsWith("outbox:")))).toEqual([]);
  expect(delivered).toEqual([clientId]);
  await jesse.close();
});

test("a session ended elsewhere leaves no unsent message or draft on the device, and nothing goes after the next login", async ({
  page,
  browser,
  baseURL,
}) => {
  const name = `Sem${Math.floor(Math.random() * 1e6)}`;
  const sem = await anotherVisitor(browser, baseURL!);
  await activeMember(sem, "nl", { name, gender: "male", seeking: "female" });
  const semId = await ownId(sem);
  await sem.close();
  const email = await activeMember(page, "nl", { name: "Isa" });

  // The room never receives a "send": the message stays in the outbox, unconfirmed. Hellos and the
  // room's answers are counted, to know when a conversation opened after a login had its chance to send.
  const sends: string[] = [];
  let answers = 0;
  await page.routeWebSocket(/\/api\/chat\/socket/, (ws) => {
    const room = ws.connectToServer();
    room.onMessage((data) => {
      answers++;
      ws.send(data);
    });
    ws.onMessage((data) => {
      const frame = JSON.parse(String(data)) as { type: string; message?: { clientId: string } };
      if (frame.type === "send") sends.push(frame.message!.clientId);
      else room.send(data);
    });
  });
  const storedChat = () =>
    page.evaluate(() =>
      Object.keys(localStorage)
        .filter((key) => key.startsWith("outbox:") || key.startsWith("draft:"))
        .sort(),
    );

  await page.goto(`/members/${semId}`);
  await page.getByRole("button", { name: t("members:sendMessage") }).click();
  await expect(page).toHaveURL(/\/chats\/\d+$/);
  const chatPath = new URL(page.url()).pathname;
  await page.getByRole("button", { name: t("chat:icebreaker.own") }).click();
  const box = messageBox(page, name);
  const unsent = `Dit bericht komt nooit aan ${Date.now()}`;
  await box.fill(unsent);
  await box.press("Enter");
  await expect(page.getByTestId("message-pending").filter({ hasText: unsent })).toBeVisible();
  await expect.poll(() => sends.length).toBe(1);
  await box.fill("Een concept dat de volgende niet mag lezen");
  await expect.poll(storedChat).toEqual([expect.stringMatching(/^draft:/), expect.stringMatching(/^outbox:/)]);

  // Isa changes her password on another device: every other session ends, this one too.
  const phone = await anotherVisitor(browser, baseURL!);
  await phone.goto("/login");
  await phone.getByLabel(t("accounts:fields.email")).fill(email);
  await phone.getByLabel(t("accounts:fields.password")).fill(PASSWORD);
  await phone.getByRole("button", { name: t("accounts:login.submit") }).click();
  await expect(phone).toHaveURL(/\/members/);
  await phone.goto("/notifications");
  const passwordForm = phone.locator("form", {
    has: phone.getByRole("button", { name: t("settings:account.savePassword") }),
  });
  const newPassword = "a-new-password-elsewhere";
  await passwordForm.getByLabel(t("accounts:fields.currentPassword")).fill(PASSWORD);
  await passwordForm.getByLabel(t("accounts:fields.newPassword"), { exact: true }).fill(newPassword);
  await passwordForm.getByLabel(t("accounts:fields.repeatPassword")).fill(newPassword);
  await passwordForm.getByRole("button", { name: t("settings:account.savePassword") }).click();
  await expect(
    phone
      .getByRole("main")
      .getByRole("status")
      .filter({ hasText: t("settings:account.passwordSaved") }),
  ).toBeVisible();
  await phone.close();

  // This device hears it (the room closes the socket) and shows the login page; after a reload too,
  // nothing of Isa's chat is left on it.
  await expect(page).toHaveURL(/\/login\?/, { timeout: 15_000 });
  await page.reload();
  await expect(page.getByLabel(t("accounts:fields.email"))).toBeVisible();
  expect(await storedChat()).toEqual([]);

  // Isa logs in again within the day and opens the conversation: the message is not sent, the box is empty.
  await page.getByLabel(t("accounts:fields.email")).fill(email);
  await page.getByLabel(t("accounts:fields.password")).fill(newPassword);
  await page.getByRole("button", { name: t("accounts:login.submit") }).click();
  await expect(page).not.toHaveURL(/\/login/);
  const answered = answers;
  await page.goto(chatPath);
  await expect.poll(() => answers).toBeGreaterThan(answered);
  await expect(box).toHaveValue("");
  await expect(page.getByTestId("message-pending")).toHaveCount(0);
  await page.waitForTimeout(1_000);
  expect(sends).toHaveLength(1);
  expect(await storedChat()).toEqual([]);
});
