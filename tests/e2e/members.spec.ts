// Members journeys (search, likes, photos, blocking, the swipe game) in real
// Chromium, at phone and desktop widths.
import type { Locator } from "@playwright/test";
import {
  activeMember,
  anotherVisitor,
  expect,
  expectAccessible,
  hydrated,
  ownId,
  pngImage,
  test,
  text,
} from "./support.ts";

test.describe.configure({ timeout: 90_000 });
const t = (key: string, values?: Record<string, string | number>) => text("nl", key, values);

test("search with filters; pages accumulate and filters clear", { tag: "@phone" }, async ({ page, isMobile }) => {
  await page.goto("/members?country=DE");
  const cards = page.getByRole("main").getByRole("listitem");
  await expect(cards).toHaveCount(24);
  await page.getByRole("link", { name: t("members:loadMore") }).click();
  await expect(cards).toHaveCount(48);
  // On a phone the filters wait behind one button.
  if (isMobile) await page.getByTestId("filters-toggle").click();
  await page.getByLabel(t("members:gender")).selectOption("female");
  await page.getByLabel(t("members:minAge")).fill("25");
  await page.getByLabel(t("members:maxAge")).fill("45");
  await page.getByLabel(t("members:searchFields.body_type")).selectOption({ label: t("enums:bodyType.slim") });
  await page.getByRole("button", { name: t("members:search") }).click();
  await expect(page).toHaveURL(/gender=female.*body_type=slim|body_type=slim.*gender=female/);
  await expect(cards.first()).toBeVisible();
  // The new results replace the accumulated list once they are drawn, a moment after the address changed.
  const ages = async () => (await cards.allTextContents()).map((card) => Number(card.match(/(\d{2})/)?.[1]));
  await expect.poll(async () => (await ages()).filter((age) => age < 25 || age > 45)).toEqual([]);
  expect((await ages()).length).toBeGreaterThan(0);
  // A search closes them again on a phone, to show the people it found.
  if (isMobile) await page.getByTestId("filters-toggle").click();
  await page.getByTestId("clear-search").click();
  await expect(page).toHaveURL(/\/members\?$|\/members$/);
  await expectAccessible(page);
});

test("like back into a match; the liker's badge, the title and like_new", async ({ browser, baseURL }) => {
  const anna = await anotherVisitor(browser, baseURL!);
  const bram = await anotherVisitor(browser, baseURL!);
  await activeMember(anna, "nl", { name: "Anna", gender: "female", seeking: "male" });
  await activeMember(bram, "nl", { name: "Bram", gender: "male", seeking: "female" });
  const annaId = await ownId(anna);
  const bramId = await ownId(bram);

  await bram.goto(`/members/${annaId}`);
  await bram.getByRole("button", { name: t("members:like"), exact: true }).click();
  await expect(bram.getByRole("button", { name: t("members:liked") })).toBeVisible();

  await anna.goto("/likes");
  await expect(anna.getByTestId("badge").filter({ visible: true })).toHaveText("1");
  await expect.poll(() => anna.title()).toMatch(/^\(1\) /);
  await expect(anna.getByTestId("new-like")).toBeVisible();
  await anna.getByRole("link", { name: /Bram/ }).click();
  await expect(anna).toHaveURL(new RegExp(`/likes/m/${bramId}$`));
  await expect(anna.getByText(t("members:likesYou", { name: "Bram" }))).toBeVisible();
  await anna.getByRole("button", { name: t("members:like"), exact: true }).click();
  const match = anna.getByTestId("match-modal");
  await expect(match).toBeVisible();
  await match.getByTestId("match-photo").click();
  await expect(match).toBeVisible();
  await match.getByRole("button", { name: t("members:match.keepBrowsing") }).click();
  await expect(match).toBeHidden();
  await anna.goto("/likes/mutual");
  await expect(anna.getByRole("main").getByRole("listitem")).toHaveCount(1);
  await expect(anna.getByTestId("badge")).toHaveCount(0);
  await anna.close();
  await bram.close();
});

test("a free member uploads photos up to the limit of 3", async ({ page }) => {
  await activeMember(page);
  await page.goto("/profile");
  for (let i = 0; i < 3; i++) {
    await page
      .getByLabel(t("photos:upload.label"))
      .setInputFiles({ name: `me-${i}.png`, mimeType: "image/png", buffer: pngImage(400, 400, [40 * i, 90, 160]) });
    await expect(page.getByText(t("photos:count", { used: i + 1, max: 3 }))).toBeVisible({ timeout: 20_000 });
  }
  await expect(page.getByText(t("photos:limit.reached"))).toBeVisible();
  await expect(page.getByRole("link", { name: t("photos:limit.premiumLink") })).toBeVisible();
  await expect(page.getByRole("main").locator("img")).toHaveCount(3);
  await expectAccessible(page);
});

test("blocking: the blocked member can no longer open the profile, until unblocked", async ({ browser, baseURL }) => {
  const anna = await anotherVisitor(browser, baseURL!);
  const bram = await anotherVisitor(browser, baseURL!);
  await activeMember(anna, "nl", { name: "Annemiek" });
  await activeMember(bram, "nl", { name: "Bart", gender: "male", seeking: "female" });
  const annaId = await ownId(anna);
  const bramId = await ownId(bram);
  expect((await bram.goto(`/members/${annaId}`))?.status()).toBe(200);
  await anna.goto(`/members/${bramId}`);
  anna.once("dialog", (dialog) => dialog.accept());
  await anna.getByRole("button", { name: t("members:block.block"), exact: true }).click();
  await expect(anna.getByRole("main").getByText(t("members:block.blocked", { name: "Bart" }))).toBeVisible();
  expect((await bram.goto(`/members/${annaId}`))?.status()).toBe(404);
  // The button turns back at once (optimistic); the unblock itself is done when the action answers.
  const unblocked = anna.waitForResponse(
    (r) => r.request().method() === "POST" && new URL(r.url()).pathname.startsWith(`/members/${bramId}`),
  );
  await anna.getByRole("button", { name: t("members:block.unblock") }).click();
  expect((await unblocked).status()).toBe(200);
  await expect(anna.getByRole("button", { name: t("members:block.block"), exact: true })).toBeVisible();
  expect((await bram.goto(`/members/${annaId}`))?.status()).toBe(200);
  await anna.close();
  await bram.close();
});

/** Where an element is, scrolled into view, once late banners (push, offers) have stopped moving the page. */
async function settledBox(element: Locator) {
  await element.scrollIntoViewIfNeeded();
  let previous = await element.boundingBox();
  for (let i = 0; i < 20; i++) {
    await element.page().waitForTimeout(150);
    const box = await element.boundingBox();
    if (box && previous && box.x === previous.x && box.y === previous.y) return box;
    previous = box;
  }
  throw new Error("the element kept moving");
}

test("the swipe game gives four likes a day", { tag: "@phone" }, async ({ page, isMobile }) => {
  await activeMember(page, "nl", { name: "Sofie" });
  await page.goto("/swipe-game");
  await expect(page.getByTestId("likes-left")).toHaveText(t("swipe:left_other", { count: 4 }));
  const card = page.getByTestId("swipe-card");
  // A drag or key before React took over the page would move nothing.
  await hydrated(page);
  for (let i = 0; i < 4; i++) {
    const before = await card.getAttribute("data-member-id");
    const answered = page.waitForResponse(
      (r) => r.request().method() === "POST" && new URL(r.url()).pathname.startsWith("/swipe-game"),
    );
    if (isMobile) {
      const box = await settledBox(card);
      await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
      await page.mouse.down();
      await page.mouse.move(box.x + box.width / 2 + 200, box.y + box.height / 2, { steps: 8 });
      await page.mouse.up();
    } else {
      await page.keyboard.press("ArrowRight");
    }
    await expect(card).not.toHaveAttribute("data-member-id", before!);
    // The next swipe comes once this like is answered and the page has settled.
    expect((await answered).status()).toBe(200);
    await page.waitForLoadState("networkidle");
  }
  await expect(page.getByTestId("likes-left")).toContainText(
    t("swipe:limit_other", { count: 4, time: "" }).slice(0, 20),
  );
  await page.getByRole("button", { name: t("swipe:pass") }).click();
  await expect(page.getByRole("button", { name: t("swipe:like") })).toBeDisabled();
  await page.goto("/likes/given");
  await expect(page.getByRole("main").getByRole("listitem")).toHaveCount(4);
  await expectAccessible(page);
});

test("a visitor is asked to log in for a like", async ({ page }) => {
  await page.goto("/members?country=BE");
  await page.getByRole("main").getByRole("listitem").first().getByRole("link").click();
  await page.getByRole("button", { name: t("members:like"), exact: true }).click();
  await expect(page.getByTestId("login-prompt")).toBeVisible();
  await expectAccessible(page);
});
