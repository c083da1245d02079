// The way to a fictional profile the journeys share: a new member buys credits
// in the payment sandbox (the credits page tells them first that the site has
// fictional profiles), finds a fictional profile among the older members and
// opens a conversation with it by sending the free icebreaker.
import type { Page } from "@playwright/test";
import { activeMember, buyCredits, expect, text } from "./support.ts";

const t = (key: string) => text("nl", key);

/** A new member, with credits, in a new conversation with a fictional profile; the conversation's id. */
export async function chatWithFictional(page: Page, name: string): Promise<number> {
  await activeMember(page, "nl", { name, gender: "male", seeking: "female" });
  await page.goto("/credits");
  await expect(page.getByTestId("fictional-disclosure")).toBeVisible();
  await buyCredits(page);

  // About one seeded member in seven is fictional; older members are seldom the journeys' own.
  const fictionalCard = page
    .getByRole("main")
    .getByRole("listitem")
    .filter({ has: page.getByTestId("fictional-badge") })
    .first();
  for (let p = 1; p <= 8; p++) {
    await page.goto(`/members?min_age=45&page=${p}`);
    if ((await fictionalCard.count()) > 0) break;
  }
  const links = await fictionalCard.getByRole("link").evaluateAll((all) => all.map((a) => a.getAttribute("href")));
  const profile = links.map((href) => href?.match(/^\/members\/(\d+)/)?.[1]).find(Boolean);
  expect(profile, "a fictional profile in the first pages of older members").toBeTruthy();
  await page.goto(`/members/${profile}/chat`);
  await page
    .getByTestId("chat-start")
    .getByRole("button", { name: t("chat:start.button") })
    .click();
  await expect(page).toHaveURL(/\/chats\/\d+$/);
  const conversation = Number(new URL(page.url()).pathname.split("/").at(-1));
  await page.getByRole("button", { name: t("chat:icebreaker.own") }).click();
  return conversation;
}
