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
  // The live signal reloads a member's pages when something happens to them (another journey's like):
  // a reload in the background, not the way back this journey is about.
  await page.routeWebSocket(/\/api\/signal\/socket$/, () => {});
  await activeMember(page);
  await firstListedMemberId(page);
  await hydrated(page);
  // The page reloads its data 5 s after it starts, then every minute: the way back is taken after that
  // first reload has come in, so that no reload lands on the list the way back shows.
  await page.waitForFunction(
    () =>
      performance
        .getEntriesByType("resource")
        .some((entry) => entry.name.includes("/members.data") && entry.startTime > 4_000),
    undefined,
    { timeout: 30_000 },
  );
  const cards = page.getByRole("main").getByRole("listitem");
  const hrefs = () =>
    cards.locator("a[href^='/members/']").evaluateAll((links) => links.map((a) => a.getAttribute("href")));
  // The page reloads its data now and then, also while the next
  // page loads: the list as it was when left is the last one the search drew, kept in the page.
  await page.getByRole("main").evaluate((main) => {
    const keep = () => {
      if (window.location.pathname !== "/members") return;
      const links = [...main.querySelectorAll("li a[href^='/members/']")];
      (window as unknown as { leftList: (string | null)[] }).leftList = links.map((a) => a.getAttribute("href"));
    };
    keep();
    new MutationObserver(keep).observe(main, { subtree: true, childList: true, attributes: true });
  });
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
  const shown = await page.evaluate(() => (window as unknown as { leftList: (string | null)[] }).leftList);
  expect(shown.length).toBeGreaterThan(0);
  await page.goBack();
  await expect(page).toHaveURL(/\/members$/, { timeout: 20_000 });
  // What the search asked for before its list was back on screen: a reload after that is the page
  // keeping itself current, not the way back.
  let askedOnTheWayBack: string[] | null = null;
  await expect
    .poll(async () => {
      const now = await hrefs();
      if (askedOnTheWayBack === null && JSON.stringify(now) === JSON.stringify(shown))
        askedOnTheWayBack = [...searchRequests];
      return now;
    })
    .toEqual(shown);
  page.off("request", onRequest);
  expect(askedOnTheWayBack).toEqual([]);
});
