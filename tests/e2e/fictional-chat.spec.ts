// Writing to a fictional profile in real Chromium, on a 375 px phone and a
// desktop: the notice that a staff member runs the profile stays pinned above
// the messages, the first message waits for the member to confirm who answers
// (a modal dialog that keeps what they typed when they say "not now"), and the
// next messages and a reload do not ask again.
import type { Page } from "@playwright/test";
import { activeMember, expect, test, text } from "./support.ts";

test.describe.configure({ timeout: 150_000 });
const t = (key: string, values?: Record<string, string | number>) => text("nl", key, values);

/** A new member with credits from the payment sandbox, in a new conversation with a fictional profile. */
async function chatWithFictional(page: Page) {
  await activeMember(page, "nl", { name: "Pieter", gender: "male", seeking: "female" });
  await page.goto("/credits");
  await expect(page.getByTestId("fictional-disclosure")).toBeVisible();
  await page
    .getByRole("link", { name: t("payments:premium.buy") })
    .first()
    .click();
  await page.getByRole("button", { name: t("payments:credits.pay") }).click();
  await expect(page).toHaveURL(/\/payments\/sandbox\//);
  await page.getByRole("button", { name: t("payments:sandbox.paid") }).click();
  await expect(page).not.toHaveURL(/\/payments\/sandbox\//);

  // About one seeded member in seven is fictional; older members are seldom the journeys' own.
  const fictionalCard = page
    .getByRole("main")
    .getByRole("listitem")
    .filter({ has: page.getByTestId("fictional-badge") })
    .first();
  for (let p = 1; p <= 5; p++) {
    await page.goto(`/members?min_age=45&page=${p}`);
    if ((await fictionalCard.count()) > 0) break;
  }
  await fictionalCard.getByRole("link").first().click();
  await expect(page).toHaveURL(/\/members\/\d+$/);
  await page.goto(`${new URL(page.url()).pathname}/chat`);
  await page
    .getByTestId("chat-start")
    .getByRole("button", { name: t("chat:start.button") })
    .click();
  await expect(page).toHaveURL(/\/chats\/\d+$/);
  await page.getByRole("button", { name: t("chat:icebreaker.own") }).click();
}

test("the first message to a fictional profile waits for the member to confirm who answers", {
  tag: "@phone",
}, async ({ page }) => {
  await chatWithFictional(page);
  const box = page.getByPlaceholder(t("chat:footer.placeholder"));
  const send = page.getByRole("button", { name: t("chat:footer.send") });
  const dialog = page.getByRole("dialog", { name: t("chat:operatorNotice.title") });

  await box.fill("Hoi, hoe gaat het?");
  await send.click();
  await expect(dialog).toBeVisible();
  // Focus is inside the dialog; saying "not now" keeps the text and sends nothing.
  await expect(dialog.locator(":focus")).toHaveCount(1);
  await dialog.getByRole("button", { name: t("chat:operatorNotice.cancel") }).click();
  await expect(dialog).toBeHidden();
  await expect(box).toHaveValue("Hoi, hoe gaat het?");
  await expect(page.getByTestId("message-mine")).toHaveCount(0);

  await send.click();
  await dialog.getByRole("button", { name: t("chat:operatorNotice.confirm") }).click();
  await expect(page.getByTestId("message-mine").filter({ hasText: "Hoi, hoe gaat het?" })).toBeVisible();
  await expect(box).toHaveValue("");

  // Once per conversation: the next messages go at once, after a reload too.
  for (const line of ["Wat doe je vandaag?", "Ik ben net terug van het werk.", "Zin in een goed gesprek."]) {
    await box.fill(line);
    await send.click();
    await expect(page.getByTestId("message-mine").filter({ hasText: line })).toBeVisible();
  }
  await expect(dialog).toBeHidden();
  await page.reload();
  await box.fill("Nog een bericht");
  await send.click();
  await expect(page.getByTestId("message-mine").filter({ hasText: "Nog een bericht" })).toBeVisible();
  await expect(dialog).toBeHidden();

  // The notice is pinned: in view with the newest message at the bottom.
  await expect(page.getByTestId("fictional-notice")).toBeInViewport();
  await expect(page.getByTestId("fictional-notice")).toHaveText(t("members:fictionalNotice"));
});
