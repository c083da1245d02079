// A news mail from the operator console to the members, in real Chromium
// (desktop: the console is desktop first): an admin writes it for the Finnish
// speakers of localhost, counts them, previews it, mails themself a test and
// sends it, and sees it finished once the per-minute cron has run. The member
// who wants news finds it in the mailbox, the one who switched news off does
// not, and the mail's unsubscribe link stops news only.
import type { Page } from "@playwright/test";
import { signedInOperator } from "./operators.ts";
import { activeMember, anotherVisitor, expect, linkInMail, test, text } from "./support.ts";

// A long journey with an operator's TOTP sign-in, which may wait for another spec's.
test.describe.configure({ timeout: 90_000 });

const ta = (key: string, values?: Record<string, string | number>) => text("nl", `admin:${key}`, values);
/** The members' language, which the audience is narrowed to; the pages they visit speak the site's (Dutch). */
const LNG = "fi";
const tm = (key: string) => text("nl", key);

const emailChoice = (page: Page, type: string) =>
  page.getByRole("checkbox", {
    name: `${tm(`settings:notifications.types.${type}`)}: ${tm("settings:notifications.email")}`,
  });

test("an admin sends a news mail; it reaches who wants news, and its link stops news only", async ({
  browser,
  baseURL,
}) => {
  const member = async (name: string) => {
    const page = await anotherVisitor(browser, baseURL!);
    return { page, email: await activeMember(page, LNG, { name }) };
  };
  /** A member who chose, on the notification settings page, whether news comes by e-mail (nobody chooses it for them). */
  const choosingNews = async (name: string, wants: boolean) => {
    const made = await member(name);
    await made.page.goto("/notifications");
    await emailChoice(made.page, "news").setChecked(wants);
    // Who wants news here wants offers too, so the link can be seen to stop news only.
    await emailChoice(made.page, "promotions").setChecked(wants);
    const choices = made.page.locator("form", { has: emailChoice(made.page, "news") });
    await choices.getByRole("button", { name: tm("settings:save"), exact: true }).click();
    await expect(choices.getByRole("status").filter({ hasText: tm("settings:saved") })).toBeVisible();
    return made;
  };
  const [{ page: reader, email: readerEmail }, { email: optedOutEmail }, desk] = await Promise.all([
    choosingNews("Aino", true),
    choosingNews("Elina", false),
    signedInOperator(browser, baseURL!, "admin"),
  ]);

  // A subject of its own: earlier runs on the same server are in the list too.
  const subject = `Uutta: videopuhelut ${Date.now().toString(36)}`;
  await desk.goto("/admin/broadcasts");
  await desk.getByLabel(ta("broadcasts.kind"), { exact: true }).selectOption("news");
  await desk.getByLabel(ta("broadcasts.domain"), { exact: true }).selectOption("localhost");
  await desk.getByLabel(ta("broadcasts.language"), { exact: true }).selectOption(LNG);
  const finnish = desk.locator("details", { has: desk.locator("summary", { hasText: /^FI$/ }) });
  await finnish.locator("summary").click();
  await finnish.getByLabel(ta("broadcasts.subject"), { exact: true }).fill(subject);
  await finnish
    .getByLabel(ta("broadcasts.body"), { exact: true })
    .fill("Tästä päivästä alkaen voit soittaa videopuheluita.");
  await desk.getByLabel(ta("broadcasts.testLocale")).selectOption(LNG);

  await desk.getByRole("button", { name: ta("broadcasts.count") }).click();
  await expect(desk.getByTestId("broadcast-count")).toBeVisible();
  await desk.getByRole("button", { name: ta("broadcasts.preview") }).click();
  await expect(
    desk.frameLocator("iframe").getByText("Tästä päivästä alkaen voit soittaa videopuheluita.", { exact: true }),
  ).toBeVisible();
  await desk.getByRole("button", { name: ta("broadcasts.test") }).click();
  await expect(desk.getByText(ta("broadcasts.tested", { to: "admin@hartslag.example" }))).toBeVisible();
  await desk.getByRole("button", { name: ta("broadcasts.send") }).click();
  const sent = desk.getByTestId("broadcast-list").getByRole("listitem").filter({ hasText: subject });
  await expect(sent).toBeVisible();
  // Whoever the first batch did not reach, the per-minute cron does; the test runs it as the scheduler would.
  await expect
    .poll(
      async () => {
        await desk.request.get("/cdn-cgi/handler/scheduled?cron=*+*+*+*+*");
        await desk.goto("/admin/broadcasts");
        return sent.textContent();
      },
      { timeout: 15_000 },
    )
    .toContain(ta("broadcasts.finished"));

  // The mailbox: the member who wants news has it, with a link that stops news only.
  const unsubscribe = await linkInMail(reader, readerEmail, "news");
  await reader.goto("/dev/mail");
  const mailsOf = (address: string) =>
    reader.getByRole("link").filter({ hasText: address }).filter({ hasText: "news" });
  await expect(mailsOf(readerEmail)).toHaveCount(1);
  await expect(mailsOf(optedOutEmail)).toHaveCount(0);

  await reader.goto(unsubscribe);
  await expect(
    reader.getByText(text("nl", "notifications-push:unsubscribe.confirmNews", { siteName: "Hartslag" })),
  ).toBeVisible();
  await reader.getByRole("button", { name: tm("notifications-push:unsubscribe.button") }).click();
  await expect(reader.getByTestId("unsubscribed")).toHaveText(tm("notifications-push:unsubscribe.doneNews"));
  await reader.getByRole("link", { name: tm("notifications-push:unsubscribe.settings") }).click();
  await expect(emailChoice(reader, "news")).not.toBeChecked();
  await expect(emailChoice(reader, "promotions")).toBeChecked();
  await expect(emailChoice(reader, "new_message")).toBeChecked();
});
