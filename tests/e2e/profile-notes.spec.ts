// Private profile notes in real Chromium, at desktop and phone widths: a
// member writes a note on a profile, finds it again after a reload and folded
// above the conversation with that member; on a domain with notes switched
// off neither page has the panel.
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Page } from "@playwright/test";
import {
  activeMember,
  anotherVisitor,
  E2E_STATE_DIR,
  expect,
  expectAccessible,
  firstListedMemberId,
  hydrated,
  PASSWORD,
  test,
  text,
  uniqueEmail,
} from "./support.ts";

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

  await page.getByRole("link", { name: t("members:sendMessage") }).click();
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

// Desktop only: the panel's absence does not depend on the width, and the phone run of the journey above covers the layout.
test("a domain with notes switched off shows no notes panel on the profile or the chat", async ({
  browser,
  baseURL,
}) => {
  // A domain of its own with the seeded site's settings but notes off, so other journeys keep theirs.
  const domain = `notes-off-${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}.localhost`;
  const cli = (...args: string[]) =>
    execFileSync(process.execPath, ["scripts/domain.ts", ...args], {
      encoding: "utf8",
      stdio: "pipe",
      env: { ...process.env, STATE_DIR: E2E_STATE_DIR },
    });
  const settings = { ...JSON.parse(cli("get", "localhost")), domain, visible_profile_notes: false };
  const dir = mkdtempSync(join(tmpdir(), "notes-off-"));
  writeFileSync(join(dir, "settings.json"), JSON.stringify(settings));
  cli("set", domain, join(dir, "settings.json"));
  rmSync(dir, { recursive: true });
  try {
    const origin = `http://${domain}:${new URL(baseURL!).port}`;
    const page = await anotherVisitor(browser, origin);
    // Made from the browser: only it resolves the domain's *.localhost name.
    await page.goto("/");
    const form = {
      language: "nl",
      gender: "female",
      seeking: "male",
      name: "Noa",
      email: uniqueEmail("notes-off"),
      date_of_birth: "1992-06-15",
      password: PASSWORD,
    };
    const made = await page.evaluate(async (fields) => {
      const response = await fetch("/dev/members", { method: "POST", body: new URLSearchParams(fields) });
      return { status: response.status, body: await response.text() };
    }, form);
    expect(made.status, made.body).toBe(201);
    const name = await openFirstProfile(page);
    await expect(page.getByRole("link", { name: t("members:sendMessage") })).toBeVisible();
    await expect(page.getByTestId("profile-note")).toHaveCount(0);
    await page.getByRole("link", { name: t("members:sendMessage") }).click();
    await expect(page).toHaveURL(/\/chats\/\d+$/);
    await expect(page.getByRole("textbox", { name: t("chat:footer.label", { name }) })).toBeVisible();
    await expect(page.getByTestId("profile-note")).toHaveCount(0);
    await page.context().close();
  } finally {
    cli("delete", domain);
  }
});
