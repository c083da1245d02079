// Site content and white-label domains in real Chromium: the FAQ accordion, every lander on a phone and a
// desktop, the site-entry warning, signup from a lander with tracking data,
// and the Dutch and German example domains under their own host names.
import type { APIRequestContext, Browser, Page } from "@playwright/test";
import { strFromU8, unzipSync } from "fflate";
import { landers } from "#app/routing/lander-address.ts";
import config from "../../playwright.config.ts";
import { RAW_KEY, visibleText } from "../page-text.ts";
import { expect, expectAccessible, hydrated, PASSWORD, test, text, uniqueEmail } from "./support.ts";

test.describe.configure({ timeout: 60_000 });

// Chromium resolves the example domains' host names to this machine, so their
// pages are reached under their own names, as a visitor would.
test.use({
  launchOptions: {
    ...config.use!.launchOptions,
    args: [
      ...(config.use!.launchOptions!.args ?? []),
      "--host-resolver-rules=MAP vlinder.example 127.0.0.1, MAP herzklopfen.example 127.0.0.1",
    ],
  },
});

const port = new URL(config.use!.baseURL!).port;

/**
 * A seeded member with a photo from /members. The members journeys make have none and are the
 * most recently active, 34 to 41 years old: the age filter leaves them out.
 */
async function someMemberId(request: APIRequestContext): Promise<string> {
  const html = await (await request.get("/members?min_age=45")).text();
  const cards = html.split('href="/members/').slice(1);
  const id = cards.find((card) => /^\d+"[\s\S]{0,1500}?src="\/media\//.test(card))?.match(/^\d+/)?.[0];
  expect(id, "a member with a photo on /members").toBeTruthy();
  return id!;
}

test.describe("legal and help pages", () => {
  // Every page in every locale, filled and translated: tests/integration/content.test.ts.
  test("an unknown page is a 404", async ({ request }) => {
    expect((await request.get("/pages/nonsense")).status()).toBe(404);
  });

  test("the FAQ is an accordion that opens by mouse and keyboard", async ({ page }) => {
    await page.goto("/pages/faq");
    const faq = page.getByTestId("faq");
    const questions = faq.locator("details");
    expect(await questions.count()).toBeGreaterThanOrEqual(5);
    const first = questions.nth(0);
    const second = questions.nth(1);
    await expect(first).not.toHaveAttribute("open");
    const firstAnswer = first.locator("summary + div");
    await expect(firstAnswer).toBeHidden();

    await first.locator("summary").click();
    await expect(first).toHaveAttribute("open", "");
    await expect(firstAnswer).toBeVisible();
    await expect(firstAnswer).not.toBeEmpty();

    await second.locator("summary").focus();
    await page.keyboard.press("Enter");
    await expect(second).toHaveAttribute("open", "");
    await expect(second.locator("summary + div")).toBeVisible();
    await page.keyboard.press("Space");
    await expect(second).not.toHaveAttribute("open");

    await first.locator("summary").click();
    await expect(firstAnswer).toBeHidden();
    await expectAccessible(page);
  });
});

test.describe("landers", () => {
  // Landers carry the warning inside their signup flow: a first-time visitor sees the page itself.
  test.use({ enteredSite: false });

  // Landers are where advertising brings phones: the matrix runs at 375 px.
  for (const lander of landers) {
    test(`/landers/${lander} shows real members in the lander layout and leads into signup`, {
      tag: "@phone-only",
    }, async ({ page }) => {
      const response = await page.goto(`/landers/${lander}${lander === "tinderswipe" ? "" : "/milf"}`);
      expect(response?.status()).toBe(200);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      // Logo-only navbar: no login button, no search.
      await expect(page.getByRole("banner").getByRole("link")).toHaveCount(1);
      await expect(page.getByRole("contentinfo")).toContainText("Hartslag Media B.V.");
      await expect(page.getByRole("main").locator("img[src^='/media/']").first()).toBeVisible();
      await expect(page.getByTestId("site-entry-warning")).toHaveCount(0);
      if (lander === "tinderswipe") {
        // The swipe game leads into signup after three likes; a click before React took over does nothing.
        await hydrated(page);
        // Test members share a name and age ("Mira, 34"): the photo tells the cards apart.
        for (let i = 0; i < 3; i++) {
          const photo = page.getByTestId("swipe-card").locator("img");
          const shown = await photo.getAttribute("src");
          await page.getByRole("button", { name: /liken$/ }).click();
          if (i < 2) await expect(photo).not.toHaveAttribute("src", shown!);
        }
      }
      await expect(page.getByTestId("lander-cta").first()).toHaveAttribute("href", `/signup?lander=${lander}`);
      await expect(page.locator('meta[property="og:title"]')).toHaveAttribute("content", /Hartslag/);
      const texts = visibleText(await page.content());
      expect(texts.filter((t) => RAW_KEY.test(t) || t.includes("{{"))).toEqual([]);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, "no sideways scrolling").toBeLessThanOrEqual(0);
      await expectAccessible(page);
    });
  }

  for (const variant of ["landing2", "landing3"]) {
    test(`/members/{id}/${variant} shows the member and the signup form with the warning in it`, {
      tag: "@phone-only",
    }, async ({ page, request }) => {
      const id = await someMemberId(request);
      const response = await page.goto(`/members/${id}/${variant}`);
      expect(response?.status()).toBe(200);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await expect(page.getByRole("img", { name: /Foto van/ }).first()).toBeVisible();
      await expect(page.getByLabel(text("nl", "accounts:fields.email"))).toBeVisible();
      await expect(page.getByTestId("site-entry-embedded")).toContainText("Welkom bij Hartslag");
      await expect(page.getByTestId("site-entry-warning")).toHaveCount(0);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, "no sideways scrolling").toBeLessThanOrEqual(0);
      await expectAccessible(page);
    });
  }

  test("signing up from a lander stores the tracking parameters", { tag: "@phone" }, async ({ page, isMobile }) => {
    const tracking = { network: "e2e-net", ref: "ref-42", sub1: "alpha", sub2: "beta", sub3: "gamma" };
    await page.goto(`/landers/gallery/milf?${new URLSearchParams(tracking)}`);
    await page.getByTestId("lander-cta").last().click();
    if (isMobile) {
      // A phone follows the link to the signup page, the values in its address.
      await expect(page).toHaveURL(/\/signup\?/);
      expect(Object.fromEntries(new URL(page.url()).searchParams)).toEqual({ ...tracking, lander: "gallery" });
    } else {
      await expect(page.getByTestId("signup-modal")).toBeVisible();
    }
    // The warning is part of the form: signing up is entering.
    await expect(page.getByTestId("site-entry-embedded")).toBeVisible();
    const t = (key: string) => text("nl", key);
    const email = uniqueEmail("lander");
    await page.getByLabel(t("accounts:signup.iAm")).selectOption("male");
    await page.getByLabel(t("accounts:signup.seeking")).selectOption("female");
    await page.getByLabel(t("accounts:fields.name")).fill("Ruben");
    await page.getByLabel(t("accounts:fields.email")).fill(email);
    await page.getByLabel(t("accounts:fields.dateOfBirth")).fill("1985-03-02");
    await page.getByLabel(t("accounts:fields.password"), { exact: true }).fill(PASSWORD);
    await page.getByRole("button", { name: t("accounts:signup.submit") }).click();
    await expect(page).toHaveURL(/\/complete-signup$/);

    // The member's own data export shows what was stored with the account.
    const zip = await (await page.request.get("/account/export")).body();
    const data = JSON.parse(strFromU8(unzipSync(new Uint8Array(zip))["data.json"]!));
    expect(data.account.email).toBe(email);
    expect(data.signupTracking).toEqual([expect.objectContaining({ ...tracking, lander: "gallery" })]);
  });
});

test.describe("site-entry warning", () => {
  test.use({ enteredSite: false });

  test("is not shown in installed-app (standalone) mode", async ({ page }) => {
    await page.addInitScript(() => Object.defineProperty(navigator, "standalone", { value: true }));
    await page.goto("/pages/faq");
    // The server cannot know the display mode: the page drops the warning once it runs.
    await expect(page.getByTestId("site-entry-warning")).toHaveCount(0);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  });

  test("is not shown to a logged-in member, even without the skip cookie", async ({ page, context }) => {
    await page.goto("/pages/faq");
    await page
      .getByTestId("site-entry-warning")
      .getByRole("button", { name: /Ik ben 18\+/ })
      .click();
    await expect(page.getByTestId("site-entry-warning")).toBeHidden();
    await signUpAndStay(page);
    await context.clearCookies({ name: "site_entry_skipped" });
    await page.goto("/pages/faq");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.getByTestId("site-entry-warning")).toHaveCount(0);
  });

  test("leads a visitor who enters back to the same page, and records when", async ({ page, context }) => {
    await page.goto("/complaints?from=footer");
    const warning = page.getByTestId("site-entry-warning");
    await expect(warning).toBeVisible();
    await expect(warning.getByRole("button", { name: /Ik ben 18\+/ })).toBeFocused();
    const before = Date.now();
    await warning.getByRole("button", { name: /Ik ben 18\+/ }).click();
    await expect(warning).toBeHidden();
    await expect(page).toHaveURL(/\/complaints\?from=footer$/);
    await expect
      .poll(async () => Number((await context.cookies()).find((c) => c.name === "site_entry_skipped")?.value))
      .toBeGreaterThanOrEqual(before - 5_000);
  });
});

/** Signs up through /signup and stays logged in. */
async function signUpAndStay(page: Page) {
  const t = (key: string) => text("nl", key);
  await page.goto("/signup");
  await page.getByLabel(t("accounts:signup.iAm")).selectOption("female");
  await page.getByLabel(t("accounts:signup.seeking")).selectOption("male");
  await page.getByLabel(t("accounts:fields.name")).fill("Sanne");
  await page.getByLabel(t("accounts:fields.email")).fill(uniqueEmail("entry"));
  await page.getByLabel(t("accounts:fields.dateOfBirth")).fill("1990-01-20");
  await page.getByLabel(t("accounts:fields.password"), { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: t("accounts:signup.submit") }).click();
  await expect(page).toHaveURL(/\/complete-signup$/);
}

test.describe("example domains (white label)", () => {
  test.use({ enteredSite: false });

  async function visit(browser: Browser, host: string, country: string) {
    const context = await browser.newContext({
      extraHTTPHeaders: { "CF-IPCountry": country, "CF-Connecting-IP": `203.0.113.${Math.floor(Math.random() * 250)}` },
    });
    const page = await context.newPage();
    await page.goto(`http://${host}:${port}/pages/terms`);
    return page;
  }

  test("the same page shows each domain's own name, company, language and look", async ({ browser }) => {
    const vlinder = await visit(browser, "vlinder.example", "NL");
    const nlWarning = vlinder.getByTestId("site-entry-warning");
    await expect(nlWarning).toContainText("Welkom bij Vlinder");
    await nlWarning.getByRole("button", { name: /Ik ben 18\+/ }).click();
    await expect(nlWarning).toBeHidden();
    await expect(vlinder.locator("html")).toHaveAttribute("lang", "nl");
    await expect(vlinder).toHaveTitle(/Vlinder/);
    await expect(vlinder.getByRole("banner").getByRole("link", { name: /Vlinder/ })).toBeVisible();
    await expect(vlinder.getByRole("contentinfo")).toContainText("Vlinder Online B.V.");
    await expect(vlinder.getByRole("contentinfo")).toContainText("Utrecht");
    await expect(vlinder.getByRole("main")).toContainText("Vlinder");
    await expect(vlinder.getByRole("main")).not.toContainText("Hartslag");

    const herzklopfen = await visit(browser, "herzklopfen.example", "DE");
    const deWarning = herzklopfen.getByTestId("site-entry-warning");
    await expect(deWarning).toContainText("Willkommen bei Herzklopfen");
    await deWarning.getByRole("button", { name: /Ich bin 18\+/ }).click();
    await expect(deWarning).toBeHidden();
    await expect(herzklopfen.locator("html")).toHaveAttribute("lang", "de");
    await expect(herzklopfen).toHaveTitle(/Herzklopfen/);
    await expect(herzklopfen.getByRole("contentinfo")).toContainText("Herzklopfen Digital GmbH");
    await expect(herzklopfen.getByRole("contentinfo")).toContainText("Berlin");
    // Herzklopfen was added after 2023-12-01: its terms date from that day, in German.
    await expect(herzklopfen.getByRole("main")).toContainText("15. März 2025");
    await expect(herzklopfen.getByRole("main")).not.toContainText("Hartslag");

    // Each has its own colours.
    const primary = (page: Page) =>
      page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue("--site-primary").trim());
    expect(await primary(vlinder)).toBe("#0f766e");
    expect(await primary(herzklopfen)).toBe("#be185d");
    await expectAccessible(herzklopfen);
    await vlinder.context().close();
    await herzklopfen.context().close();
  });

  test("a lander on the German domain shows its niche (50+) in German", async ({ browser }) => {
    const page = await visit(browser, "herzklopfen.example", "DE");
    await page.goto(`http://herzklopfen.example:${port}/landers/gallery`);
    await expect(page.locator("html")).toHaveAttribute("lang", "de");
    await expect(page.getByTestId("site-entry-warning")).toHaveCount(0);
    const ages = await page.getByRole("listitem").locator("p.font-bold").allTextContents();
    expect(ages.length).toBeGreaterThan(0);
    for (const line of ages) expect(Number(line.split(",").at(-1))).toBeGreaterThanOrEqual(50);
    await page.context().close();
  });
});
