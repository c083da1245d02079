// Trust and safety journeys in real Chromium: report a profile,
// a flood of sign-in attempts meets a localised 429, and a member downloads
// their data.
import { activeMember, expect, expectAccessible, PASSWORD, test, text } from "./support.ts";

test.describe.configure({ timeout: 90_000 });
const t = (key: string, values?: Record<string, string | number>) => text("nl", key, values);

test("a member reports a profile with a reason and words, and is thanked", async ({ page }) => {
  await activeMember(page, "nl", { name: "Ria" });
  await page.goto("/members");
  await page.getByRole("main").getByRole("listitem").first().getByRole("link").first().click();
  await expect(page).toHaveURL(/\/members\/\d+$/);
  await page.getByRole("button", { name: t("safety:report.button") }).click();
  const dialog = page.getByTestId("report-dialog");
  await expect(dialog).toBeVisible();
  await dialog.getByLabel(t("safety:report.reason")).selectOption({ label: t("safety:reasons.other") });
  await dialog.getByRole("button", { name: t("safety:report.submit") }).click();
  // "Other" needs a few words; the form says so and sends nothing.
  await expect(dialog.getByText(t("validation:reportTextNeeded"))).toBeVisible();
  await dialog.getByLabel(t("safety:report.text")).fill("Vraagt in het eerste bericht om geld.");
  await dialog.getByRole("button", { name: t("safety:report.submit") }).click();
  await expect(dialog.getByRole("status")).toHaveText(t("safety:report.thanks"));
  await expectAccessible(page);
});

test("too many sign-in attempts from one address get a localised 429", async ({ page, baseURL }) => {
  // One client address for the page and the requests; the auth bucket allows 20 a minute.
  const ip = `192.0.2.${1 + Math.floor(Math.random() * 250)}`;
  await page.context().setExtraHTTPHeaders({ "CF-IPCountry": "NL", "CF-Connecting-IP": ip });
  await page.goto("/login");
  await page.getByLabel(t("accounts:fields.email")).fill("nobody@e2e.example");
  await page.getByLabel(t("accounts:fields.password")).fill(PASSWORD);
  // Empty signups fill the bucket without tripping the product's own rule for failed logins.
  // The limiter counts in fixed minutes: a flood that straddles one needs up to 41 requests.
  const statuses: number[] = [];
  for (let i = 0; i < 45 && !statuses.includes(429); i++) {
    const response = await page.request.post("/signup", {
      form: { email: `nobody-${i}@e2e.example` },
      headers: { Origin: baseURL!, "CF-Connecting-IP": ip },
      maxRedirects: 0,
      failOnStatusCode: false,
    });
    statuses.push(response.status());
  }
  expect(statuses.filter((s) => s !== 429).length).toBeGreaterThanOrEqual(20);
  expect(statuses.at(-1)).toBe(429);
  const answer = page.waitForResponse(
    (r) => r.request().method() === "POST" && new URL(r.url()).pathname.startsWith("/login"),
  );
  await page.getByRole("button", { name: t("accounts:login.submit") }).click();
  expect((await answer).status()).toBe(429);
  await expect(page.getByText(t("errors:rateLimited"))).toBeVisible();
});

test("a member downloads all their data as a ZIP from the settings", async ({ page }) => {
  await activeMember(page, "nl", { name: "Dewi" });
  await page.goto("/notifications");
  const download = page.waitForEvent("download");
  await page.getByTestId("data-export").click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/\.zip$/);
  const stream = await file.createReadStream();
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  const zip = Buffer.concat(chunks);
  expect(zip.subarray(0, 2).toString()).toBe("PK");
  // data.json inside names the member (stored uncompressed names are searchable in the archive).
  expect(zip.includes(Buffer.from("data.json"))).toBe(true);
});

test("a fictional profile says so in search, on the profile and in the chat", { tag: "@phone" }, async ({ page }) => {
  await activeMember(page, "nl", { name: "Fenna" });
  const fictionalCard = page
    .getByRole("main")
    .getByRole("listitem")
    .filter({ has: page.getByTestId("fictional-badge") })
    .first();
  // About one seeded member in seven is fictional; a few pages always hold one. The members the
  // journeys make are younger than 45 and the most recently active: the filter leaves them out.
  for (let p = 1; p <= 5; p++) {
    await page.goto(`/members?min_age=45&page=${p}`);
    if ((await fictionalCard.count()) > 0) break;
  }
  await expect(fictionalCard).toBeVisible();
  await fictionalCard.getByRole("link").first().click();
  await expect(page).toHaveURL(/\/members\/\d+$/);
  const id = new URL(page.url()).pathname.split("/").at(-1);
  await expect(page.getByRole("main").getByTestId("fictional-badge").first()).toBeVisible();
  await expect(page.getByText(t("members:fictionalNotice"))).toBeVisible();
  // A link to the chat only offers it; the page's button starts it.
  await page.goto(`/members/${id}/chat`);
  await page
    .getByTestId("chat-start")
    .getByRole("button", { name: t("chat:start.button") })
    .click();
  await expect(page).toHaveURL(/\/chats\/\d+$/);
  // On a phone the list beside the conversation is hidden; the chat header's badge is what shows.
  await expect(page.getByTestId("fictional-badge").filter({ visible: true }).first()).toBeVisible();
  await expect(page.getByTestId("fictional-notice")).toHaveText(t("members:fictionalNotice"));
});
