// Playwright fixtures so tests read like the product's rules: a visitor who already passed
// the site-entry warning, from a given country and client address, members
// made directly or through the real signup, mails read from the local outbox
// page, and labels taken from the locale files so a journey runs in any
// language. Every test also fails when the server answers 5xx or a page throws,
// with the server's log lines about it in the report.
import { existsSync, readFileSync } from "node:fs";
import { crc32, deflateSync } from "node:zlib";
import AxeBuilder from "@axe-core/playwright";
import { type Browser, type BrowserContext, test as base, expect, type Page } from "@playwright/test";
import config from "../../playwright.config.ts";

/** Where scripts/e2e-server.ts serves. */
export const BASE_URL = config.use!.baseURL!;

/** The server's log, written by scripts/e2e-server.ts beside its state. */
const SERVER_LOG = `${process.env.STATE_DIR ?? ".wrangler/e2e"}/server.log`;

/** What went wrong in the browser contexts of the running test (one test at a time per worker). */
let failures: { problems: string[]; requestIds: string[] } = { problems: [], requestIds: [] };

/** Fails the test on any server answer ≥ 500 or uncaught page error in this context. */
function watchContext(context: BrowserContext) {
  const watchPage = (page: Page) =>
    page.on("pageerror", (error) => failures.problems.push(`page error on ${page.url()}: ${error.message}`));
  context.pages().forEach(watchPage);
  context.on("page", watchPage);
  context.on("response", (response) => {
    if (response.status() < 500) return;
    failures.problems.push(`${response.request().method()} ${response.url()} answered ${response.status()}`);
    const requestId = response.headers()["x-request-id"];
    if (requestId) failures.requestIds.push(requestId);
  });
}

/** The server's log lines about these requests. */
function serverLines(requestIds: string[]): string[] {
  if (!existsSync(SERVER_LOG) || requestIds.length === 0) return [];
  return readFileSync(SERVER_LOG, "utf8")
    .split("\n")
    .filter((line) => requestIds.some((id) => line.includes(id)))
    .slice(-10);
}

export const test = base.extend<{
  country: string;
  enteredSite: boolean;
  lng: string | null;
  failureGate: undefined;
}>({
  country: ["NL", { option: true }],
  enteredSite: [true, { option: true }],
  lng: [null, { option: true }],
  failureGate: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern.
    async ({}, use) => {
      failures = { problems: [], requestIds: [] };
      await use(undefined);
      if (failures.problems.length === 0) return;
      const lines = serverLines(failures.requestIds);
      throw new Error(
        `the server answered 5xx or a page threw:\n${[...failures.problems, ...(lines.length ? ["server log:", ...lines] : [])].join("\n")}`,
      );
    },
    { auto: true },
  ],
  context: async ({ context, country, enteredSite, lng, baseURL }, use) => {
    // A client address per test: login throttling counts per client too.
    const ip = `198.51.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
    await context.setExtraHTTPHeaders({ "CF-IPCountry": country, "CF-Connecting-IP": ip });
    if (enteredSite) {
      await context.addCookies([{ name: "site_entry_skipped", value: String(Date.now()), url: baseURL! }]);
    }
    if (lng) await context.addCookies([{ name: "lng", value: lng, url: baseURL! }]);
    watchContext(context);
    await use(context);
  },
});

export { expect };

/** Waits until React has taken over the page (app/root.tsx marks it), so its controls respond. */
export async function hydrated(page: Page) {
  await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
}

/** Fails on any serious or critical axe violation of WCAG 2.1 A/AA. */
export async function expectAccessible(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}

type Tree = { [key: string]: string | Tree };
const cache = new Map<string, Tree>();

/** A value as a string's format asks for it ({{count, number}}, {{minimum, currency}}), as i18next writes it. */
function formatted(lng: string, value: string | number | undefined, format: string | undefined, currency: unknown) {
  if (typeof value !== "number" || !format) return String(value ?? "");
  const options: Intl.NumberFormatOptions =
    format === "currency" ? { style: "currency", currency: String(currency) } : {};
  return new Intl.NumberFormat(lng, options).format(value);
}

/** A UI text from locales/<lng>/<ns>.json, with {{placeholders}} filled in. */
export function text(lng: string, key: string, values: Record<string, string | number> = {}): string {
  const [ns, path] = key.split(":") as [string, string];
  const file = `${lng}/${ns}`;
  if (!cache.has(file)) cache.set(file, JSON.parse(readFileSync(`locales/${file}.json`, "utf8")));
  let node: string | Tree | undefined = cache.get(file);
  for (const part of path.split(".")) node = typeof node === "object" ? node[part] : undefined;
  if (typeof node !== "string") throw new Error(`no text ${lng}:${key}`);
  return node.replace(/\{\{\s*(\w+)\s*(?:,\s*(\w+)\s*)?\}\}/g, (_, name: string, format?: string) =>
    formatted(lng, values[name], format, values.currency),
  );
}

export const uniqueEmail = (tag: string) =>
  `${tag}-${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}@e2e.example`;

export const PASSWORD = "e2e-secret-password";

/** The newest link in the newest mail to an address, from the local outbox page. */
export async function linkInMail(page: Page, address: string, template: string): Promise<string> {
  let href: string | null = null;
  await expect
    .poll(
      async () => {
        await page.goto("/dev/mail");
        const row = page.getByRole("link").filter({ hasText: address }).filter({ hasText: template }).first();
        if ((await row.count()) === 0) return null;
        await row.click();
        href = await page.getByTestId("mail-text").locator(`a[href*="token="]`).first().getAttribute("href");
        return href;
      },
      { timeout: 15_000 },
    )
    .not.toBeNull();
  return href!;
}

/** Signs up through /signup in the given language; the member is logged in afterwards. */
export async function signUp(
  page: Page,
  lng: string,
  options: {
    email?: string;
    name?: string;
    gender?: "female" | "male";
    seeking?: "female" | "male";
    /** Ticks "Send me offers and news by e-mail" (never ticked for the member). */
    promotions?: boolean;
  } = {},
) {
  const email = options.email ?? uniqueEmail("member");
  const t = (key: string) => text(lng, key);
  await page.goto("/signup");
  await page.getByLabel(t("accounts:signup.iAm")).selectOption(options.gender ?? "female");
  await page.getByLabel(t("accounts:signup.seeking")).selectOption(options.seeking ?? "male");
  await page.getByLabel(t("accounts:fields.name")).fill(options.name ?? "Mira");
  await page.getByLabel(t("accounts:fields.email")).fill(email);
  await page.getByLabel(t("accounts:fields.dateOfBirth")).fill("1992-06-15");
  await page.getByLabel(t("accounts:fields.password"), { exact: true }).fill(PASSWORD);
  const promotions = page.getByRole("checkbox", { name: t("accounts:signup.promotions") });
  await expect(promotions).not.toBeChecked();
  if (options.promotions) await promotions.check();
  await page.getByRole("button", { name: t("accounts:signup.submit") }).click();
  await expect(page).toHaveURL(/\/complete-signup$/);
  return email;
}

/**
 * A confirmed member, logged in, made in one request to the local tools'
 * /dev/members by the rules signup and activation use. Journeys about signing
 * up and activating use signUp and linkInMail instead.
 */
export async function activeMember(
  page: Page,
  lng = "nl",
  options: { name?: string; gender?: "female" | "male"; seeking?: "female" | "male" } = {},
) {
  const email = uniqueEmail("member");
  const made = await page.request.post("/dev/members", {
    headers: { Origin: BASE_URL },
    form: {
      language: lng,
      gender: options.gender ?? "female",
      seeking: options.seeking ?? "male",
      name: options.name ?? "Mira",
      email,
      date_of_birth: "1992-06-15",
      password: PASSWORD,
    },
  });
  expect(made.status(), await made.text()).toBe(201);
  return email;
}

/** A solid-colour PNG of the given size (valid for the photo pipeline's checks). */
export function pngImage(width = 400, height = 400, rgb: [number, number, number] = [180, 40, 60]): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body) >>> 0);
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(width * 3).map((_, i) => rgb[i % 3]!)]);
  const pixels = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(pixels)),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

/** The id of the first member /members shows this page's visitor or member. */
export async function firstListedMemberId(page: Page): Promise<string> {
  await page.goto("/members");
  const href = await page
    .getByRole("main")
    .getByRole("listitem")
    .first()
    .getByRole("link")
    .first()
    .getAttribute("href");
  return href!.match(/\/members\/(\d+)/)![1]!;
}

/** The logged-in member's id, from /api/user.php. */
export async function ownId(page: Page): Promise<number> {
  const { user } = await (await page.request.get("/api/user.php")).json();
  return user.profile.id;
}

/** A second, independent visitor (own cookies) in the same test, past the site-entry warning. */
export async function anotherVisitor(browser: Browser, baseURL: string, country = "NL") {
  const context = await browser.newContext({
    baseURL,
    extraHTTPHeaders: { "CF-IPCountry": country, "CF-Connecting-IP": `203.0.113.${Math.floor(Math.random() * 250)}` },
  });
  await context.addCookies([{ name: "site_entry_skipped", value: String(Date.now()), url: baseURL }]);
  watchContext(context);
  return context.newPage();
}

export const DEMO_PASSWORD = "hartslag-demo";

/** Logs a seeded demo account in through the login form (README "Demo accounts"). */
export async function logInDemo(page: Page, email: string) {
  const t = (key: string) => text("nl", key);
  await page.goto("/login");
  await page.getByLabel(t("accounts:fields.email")).fill(email);
  await page.getByLabel(t("accounts:fields.password")).fill(DEMO_PASSWORD);
  await page.getByRole("button", { name: t("accounts:login.submit") }).click();
  await expect(page).toHaveURL(/\/members/);
}

/** Fills /directdebit's form (Dutch labels) for a payer with a fresh mobile number, and consents; returns the number. */
export async function fillDirectDebitForm(page: Page, iban: string): Promise<string> {
  const t = (key: string) => text("nl", key);
  // 061…: always a Dutch mobile number (066 is for pagers).
  const mobile = `+3161${String(Math.floor(Math.random() * 1e7)).padStart(7, "0")}`;
  await page.getByLabel(t("payments:directDebit.accountHolder")).fill("A. de Vries");
  await page.getByLabel(t("payments:directDebit.iban")).fill(iban);
  await page.getByLabel(t("payments:directDebit.street")).fill("Keizersgracht");
  await page.getByLabel(t("payments:directDebit.houseNumber")).fill("1");
  await page.getByLabel(t("payments:directDebit.postcode")).fill("1015 CJ");
  await page.getByLabel(t("payments:directDebit.city")).fill("Amsterdam");
  await page.getByLabel(t("payments:directDebit.mobile")).fill(mobile);
  await page.getByRole("checkbox").check();
  return mobile;
}

/** Buys the first package with the default method; the sandbox checkout answers "paid". */
export async function buyCredits(page: Page) {
  await page.goto("/credits");
  await page
    .getByRole("link", { name: text("nl", "payments:premium.buy") })
    .first()
    .click();
  await page.getByRole("button", { name: text("nl", "payments:credits.pay") }).click();
  await expect(page).toHaveURL(/\/payments\/sandbox\//);
  await page.getByRole("button", { name: text("nl", "payments:sandbox.paid") }).click();
  await expect(page).not.toHaveURL(/\/payments\/sandbox\//);
}
