// The first minutes on a phone, around a like: the profile's actions stay in
// reach while scrolling, a like shows on its button instead of a toast, a like
// back is a full-screen match with both faces that leads into the
// conversation, and the swipe game's card and buttons share one screen.
import type { Page } from "@playwright/test";
import { activeMember, anotherVisitor, BASE_URL, expect, hydrated, ownId, test, text } from "./support.ts";

test.describe.configure({ timeout: 90_000 });
const t = (key: string, values?: Record<string, string | number>) => text("nl", key, values);

/** Whether the element lies wholly inside the page's viewport. */
async function inViewport(page: Page, testIdOrRole: ReturnType<Page["getByTestId"]>) {
  const box = await testIdOrRole.boundingBox();
  const viewport = page.viewportSize()!;
  return (
    !!box && box.y >= 0 && box.x >= 0 && box.y + box.height <= viewport.height && box.x + box.width <= viewport.width
  );
}

test("a like back is a full-screen match with both faces, and its button opens the conversation", {
  tag: "@phone-only",
}, async ({ page, browser, baseURL }) => {
  const bram = await anotherVisitor(browser, baseURL!);
  await activeMember(page, "nl", { name: "Anna", gender: "female", seeking: "male" });
  await activeMember(bram, "nl", { name: "Bram", gender: "male", seeking: "female" });
  const annaId = await ownId(page);
  const bramId = await ownId(bram);
  const liked = await bram.request.post(`/members/${annaId}`, {
    headers: { Origin: BASE_URL },
    form: { intent: "like" },
  });
  expect(liked.status()).toBe(200);

  await page.goto(`/likes/m/${bramId}`);
  await hydrated(page);
  await page.getByRole("button", { name: t("members:like"), exact: true }).click();
  const match = page.getByTestId("match-modal");
  await expect(match).toBeVisible();
  await expect(match.getByRole("heading", { name: t("members:match.title") })).toBeVisible();
  // The whole screen, both faces (letters here: neither has a photo yet).
  const box = (await match.boundingBox())!;
  expect(box.width).toBe(375);
  expect(box.height).toBe(812);
  await expect(match.getByTestId("match-own-photo")).toHaveText("A");
  await expect(match.getByTestId("match-photo")).toHaveText("B");
  await expect(match.getByTestId("match-close")).toHaveText(t("members:match.keepBrowsing"));
  await match.getByTestId("match-action").click();
  await expect(page).toHaveURL(/\/chats\/\d+$/);
  await expect(page.getByRole("main")).toContainText("Bram");
  await bram.close();
});

test("on a profile Like and Message stay in reach, and a like shows on its button, not in a toast", {
  tag: "@phone-only",
}, async ({ page, browser, baseURL }) => {
  const bram = await anotherVisitor(browser, baseURL!);
  await activeMember(bram, "nl", { name: "Bram", gender: "male", seeking: "female" });
  const bramId = await ownId(bram);
  await bram.close();
  await activeMember(page, "nl", { name: "Anna" });
  await page.goto(`/members/${bramId}`);
  await hydrated(page);
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  const like = page.getByRole("button", { name: t("members:like"), exact: true });
  const message = page.getByRole("button", { name: t("members:sendMessage") });
  await expect(like).toBeInViewport({ ratio: 1 });
  await expect(message).toBeInViewport({ ratio: 1 });
  expect((await like.boundingBox())!.height).toBeGreaterThanOrEqual(44);
  await like.click();
  const likedButton = page.getByRole("button", { name: t("members:liked") });
  await expect(likedButton).toHaveAttribute("aria-pressed", "true");
  await expect(page.getByTestId("liked-mark")).toHaveText(t("members:likedMark", { name: "Bram" }));
  await expect(page.getByRole("status").filter({ hasText: t("members:likeSent", { name: "Bram" }) })).toHaveCount(0);
  await expect(page.getByText(t("members:likeSent", { name: "Bram" }))).toHaveCount(0);
  // Still liked after a reload: the server has it.
  await page.reload();
  await expect(page.getByRole("button", { name: t("members:liked") })).toBeVisible();
});

for (const viewport of [
  { width: 375, height: 812 },
  { width: 320, height: 568 },
]) {
  test(`the swipe game's card and buttons fit one ${viewport.width}x${viewport.height} screen; a drag shows the stamp`, {
    tag: "@phone-only",
  }, async ({ page }) => {
    await page.setViewportSize(viewport);
    await activeMember(page, "nl", { name: "Sofie" });
    await page.goto("/swipe-game");
    await hydrated(page);
    const card = page.getByTestId("swipe-card");
    const pass = page.getByRole("button", { name: t("swipe:pass") });
    const like = page.getByRole("button", { name: t("swipe:like") });
    await expect(card).toBeVisible();
    expect(await inViewport(page, card)).toBe(true);
    expect(await inViewport(page, pass)).toBe(true);
    expect(await inViewport(page, like)).toBe(true);

    const before = await card.getAttribute("data-member-id");
    const box = (await card.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2 + 60, box.y + box.height / 2, { steps: 4 });
    const stamp = page.getByTestId("swipe-card").getByTestId("stamp-like");
    await expect(stamp).toHaveText(t("swipe:likeStamp"));
    const faint = Number(await stamp.evaluate((el) => getComputedStyle(el).opacity));
    await page.mouse.move(box.x + box.width / 2 + 140, box.y + box.height / 2, { steps: 4 });
    await expect.poll(async () => Number(await stamp.evaluate((el) => getComputedStyle(el).opacity))).toBe(1);
    expect(faint).toBeLessThan(1);
    await page.mouse.up();
    await expect(card).not.toHaveAttribute("data-member-id", before!);
  });
}
