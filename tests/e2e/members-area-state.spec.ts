// What the browser keeps while a member moves through the members area: the
// time toward the time-bonus modal (40 s, counted across pages and layouts,
// the chat included), the last conversation opened (the chat list marks it),
// and the search's results (going back to them asks the server nothing).
// A client navigation shows its address once its data is in, which can take a
// while on a busy machine: hence the longer waits for the address.
import type { Page, Request } from "@playwright/test";
import { activeMember, expect, firstListedMemberId, hydrated, test, text } from "./support.ts";

test.describe.configure({ timeout: 120_000 });
const t = (key: string, values?: Record<string, string | number>) => text("nl", key, values);

/** Keeps the time-bonus modal out of journeys about something else (it would make the page inert). */
async function withoutTimeBonusModal(page: Page) {
  await page.addInitScript(() => localStorage.setItem("dismissed:time-bonus", String(Date.now())));
}

test("the time-bonus modal counts its 40 s across pages, into the chat", async ({ page }) => {
  await page.clock.install();
  await activeMember(page);
  await page.goto("/members");
  await hydrated(page);
  const modal = page.getByTestId("time-bonus-modal");
  await page.clock.fastForward(25_000);
  await expect(modal).toHaveCount(0);
  // Into the chat list (another layout) by the navigation, not a new document.
  // Time runs on while the page loads; were the 40 s to start over here, 16 s
  // more (plus that) would not be enough.
  await page
    .getByRole("link", { name: t("common:nav.messages") })
    .first()
    .click();
  await expect(page).toHaveURL(/\/chats$/, { timeout: 20_000 });
  await page.clock.fastForward(16_000);
  await expect(modal).toBeVisible();
  await expect(modal.getByRole("heading", { name: t("payments:timeBonus.title", { percentage: 25 }) })).toBeVisible();
});

test("the chat list marks the conversation opened last", async ({ page }) => {
  await withoutTimeBonusModal(page);
  await activeMember(page);
  const opened: string[] = [];
  await page.goto("/members");
  const profiles = await page
    .getByRole("main")
    .locator("a[href^='/members/']")
    .evaluateAll((links) =>
      [...new Set(links.map((a) => a.getAttribute("href")!))]
        .filter((href) => /^\/members\/\d+$/.test(href))
        .slice(0, 2),
    );
  for (const profile of profiles) {
    await page.goto(profile);
    await hydrated(page);
    await page.getByRole("button", { name: t("members:sendMessage") }).click();
    await expect(page).toHaveURL(/\/chats\/\d+$/, { timeout: 20_000 });
    opened.push(new URL(page.url()).pathname);
  }
  await page.goto("/chats");
  await hydrated(page);
  const marked = page.locator('[data-testid="chat-row"][data-last-opened]');
  await expect(marked).toHaveCount(1);
  await expect(marked.getByRole("link").first()).toHaveAttribute("href", opened[1]!);

  await page.goto(opened[0]!);
  await hydrated(page);
  await page.goto("/chats");
  await expect(marked.getByRole("link").first()).toHaveAttribute("href", opened[0]!);
});

test("going back to the search shows its profiles again without asking the server", async ({ page }) => {
  await withoutTimeBonusModal(page);
  await activeMember(page);
  await firstListedMemberId(page);
  await hydrated(page);
  const cards = page.getByRole("main").getByRole("listitem");
  const hrefs = () =>
    cards.locator("a[href^='/members/']").evaluateAll((links) => links.map((a) => a.getAttribute("href")));
  // The page reloads its data now and then (5 s after load, then every minute): the list as it was when left.
  const shown = await hrefs();
  await cards.first().getByRole("link").first().click();
  await expect(page).toHaveURL(/\/members\/\d+$/, { timeout: 20_000 });
  await hydrated(page);

  // What the search route would ask the server for (a revalidation of the root alone is fine).
  const searchRequests: string[] = [];
  const onRequest = (request: Request) => {
    const url = new URL(request.url());
    if (url.pathname !== "/members.data") return;
    const routes = url.searchParams.get("_routes");
    if (routes === null || routes.split(",").includes("routes/members")) searchRequests.push(url.toString());
  };
  page.on("request", onRequest);
  await page.goBack();
  await expect(page).toHaveURL(/\/members$/, { timeout: 20_000 });
  await expect.poll(hrefs).toEqual(shown);
  page.off("request", onRequest);
  expect(searchRequests).toEqual([]);
});
