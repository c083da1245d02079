import type { Page } from "@playwright/test";
import { activeMember, expect, expectAccessible, firstListedMemberId, hydrated, test, text } from "./support.ts";

test.describe.configure({ timeout: 150_000 });
const t = (key: string, values?: Record<string, string | number>) => text("nl", key, values);

const noteBox = (page: Page) => page.getByRole("textbox", { name: t("members:notes.label") });

/** Opens the first member /members lists and returns their name, read from the profile's heading. */
async function openFirstProfile(page: Page) {
  await page.goto(`/members/${await firstListedMemberId(page)}`);
  await hydrated(page);
  return ((await page.getByRole("heading", { level: 1 }).textContent()) ?? "").split(",")[0]!.trim();
}

test("a member keeps a private note on a profile and finds it beside the conversation", {
  tag: "@phone",
}, async ({ page }) => {
  await activeMember(page, "nl", { name: "Noa" });
  const name = await openFirstProfile(page);
  const panel = page.getByTestId("profile-note");
  await expect(panel.getByRole("heading", { name: t("members:notes.title", { name }) })).toBeVisible();
  await expectAccessible(page);

  // The box stops at 1000 characters; past that (a browser that lets more through), the form
  // says so clearly in the member's language and saves nothing.
  await expect(noteBox(page)).toHaveAttribute("maxlength", "1000");
  await noteBox(page).evaluate((box) => box.removeAttribute("maxlength"));
  await noteBox(page).fill("x".repeat(1001));
  await panel.getByRole("button", { name: t("members:notes.save") }).click();
  await expect(panel.getByText(t("validation:noteTooLong"))).toBeVisible();

  const note = `Houdt van zeilen ${Date.now()}`;
  await noteBox(page).fill(note);
  await panel.getByRole("button", { name: t("members:notes.save") }).click();
  await expect(panel.getByRole("status")).toHaveText(t("members:notes.saved"));
  await page.reload();
  await expect(noteBox(page)).toHaveValue(note);

  await page.getByRole("button", { name: t("members:sendMessage") }).click();
  await expect(page).toHaveURL(/\/chats\/\d+$/);
  // A new conversation first offers opening lines; this member writes their own.
  await page.getByRole("button", { name: t("chat:icebreaker.own") }).click();
  const folded = page.getByTestId("profile-note");
  // Folded into one line, so the messages and the message box keep the screen.
  await expect(noteBox(page)).toBeHidden();
  await expect(page.getByRole("textbox", { name: t("chat:footer.label", { name }) })).toBeInViewport();
  await folded.getByText(t("members:notes.title", { name })).click();
  await expect(noteBox(page)).toHaveValue(note);
  await expectAccessible(page);

  // Saved empty, the note is gone.
  await noteBox(page).fill("");
  await folded.getByRole("button", { name: t("members:notes.save") }).click();
  await expect(folded.getByRole("status")).toHaveText(t("members:notes.deleted"));
  await page.reload();
  await page.getByRole("button", { name: t("chat:icebreaker.own") }).click();
  await expect(folded.getByText(t("members:notes.hasNote"))).toHaveCount(0);
  await folded.getByText(t("members:notes.title", { name })).click();
  await expect(noteBox(page)).toHaveValue("");
});
