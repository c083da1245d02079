import { chatWithFictional } from "./fictional-profiles.ts";
import { expect, test, text } from "./support.ts";

test.describe.configure({ timeout: 150_000 });
const t = (key: string, values?: Record<string, string | number>) => text("nl", key, values);

test("the first message to a fictional profile waits for the member to confirm who answers", {
  tag: "@phone",
}, async ({ page }) => {
  await chatWithFictional(page, "Pieter");
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
