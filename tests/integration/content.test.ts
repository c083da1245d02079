// Site content and white-label domains: settings per host, the
// site-entry warning, the terms date, the legal pages in every locale, the
// compatibility JSON endpoints, bounce logging and complaints. The legal pages
// are opened as a visitor would, through the real Worker; the site chrome's
// rules run behind the Worker's middleware (host → settings, country, locale,
// member) on a stand-in page that answers what they computed.
import { createExecutionContext, env, SELF, waitOnExecutionContext } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { requestContext } from "#app/context.ts";
import { formatDate } from "#app/i18n/format.ts";
import { type Locale, locales } from "#app/i18n/locales.ts";
import { action as siteEntryAction } from "#app/routes/site-entry.ts";
import { complaintSchema } from "#app/schemas/complaints.ts";
import { fileComplaint } from "#app/server/complaints/complaints.ts";
import { hasLegalTranslation, legalPages } from "#app/server/content/legal.ts";
import { legalValues } from "#app/server/content/legal-values.ts";
import { complaints, pageEvents } from "#app/server/db/schema.ts";
import { DomainError } from "#app/server/errors.ts";
import { readCookie } from "#app/server/http/cookies.ts";
import { getCompany, termsVersionDate } from "#app/server/reference/reference-data.ts";
import { builtInSettings } from "#app/server/settings/defaults.ts";
import { domainLocales, siteLocales } from "#app/server/settings/locales.ts";
import { domainOf, loadSettings } from "#app/server/settings/resolve.ts";
import { loadSiteChrome } from "#app/server/site/chrome.ts";
import { parseSkippedAt, SITE_ENTRY_COOKIE } from "#app/server/site/site-entry.ts";
import { createServer } from "#workers/server.ts";
import nlContent from "../../locales/nl/content.json";
import { exampleCompanies } from "../../scripts/seed/data/domains.ts";
import { seedExampleDomains } from "../../scripts/seed/domains.ts";
import { RAW_KEY, visibleText } from "../page-text.ts";
import {
  accountsApp,
  clock,
  db,
  givenAccount,
  givenCompany,
  givenDomainSettings,
  mailsTo,
  NOW,
  outcome,
  sessionCookieFor,
} from "./fixtures.ts";

const givenExampleDomains = () => seedExampleDomains(db, env.SETTINGS);

/** A Worker whose "page" answers what the root loader computes for every page. */
const chromeServer = createServer(async (request, app) =>
  Response.json(
    await loadSiteChrome(app, { siteEntrySkippedAt: parseSkippedAt(readCookie(request, SITE_ENTRY_COOKIE)) }),
  ),
);

type Chrome = Awaited<ReturnType<typeof loadSiteChrome>>;

async function chromeFor(host: string, headers: Record<string, string> = {}): Promise<Chrome> {
  const request = new Request(`http://${host}/`, { headers: { host, ...headers } });
  const ctx = createExecutionContext();
  const response = await chromeServer.fetch(request, env, ctx);
  await waitOnExecutionContext(ctx);
  expect(response.status).toBe(200);
  return response.json();
}

const get = (host: string, path: string, headers: Record<string, string> = {}) =>
  SELF.fetch(`http://${host}${path}`, { headers: { host, ...headers } });

describe("domain settings per request host", () => {
  it("picks each example domain's own settings by host, whatever its case, port or www.", async () => {
    await givenExampleDomains();
    const vlinder = await loadSettings(env.SETTINGS, domainOf("WWW.Vlinder.example:4283"));
    expect(vlinder).toMatchObject({ name: "Vlinder", domain: "vlinder.example", domain_language: "nl-NL" });
    expect(vlinder.theme).toEqual({ primary: "#0f766e", secondary: "#7c2d12" });
    const herzklopfen = await loadSettings(env.SETTINGS, domainOf("herzklopfen.example"));
    expect(herzklopfen).toMatchObject({ name: "Herzklopfen", niche: 7, company_id: 3, countries: ["DE", "AT", "CH"] });
    // Fields the document leaves out come from the schema's defaults.
    expect(herzklopfen.visible_profile_fields).toEqual(builtInSettings.visible_profile_fields);
    expect(herzklopfen.message_credits).toBe(1);
  });

  it("gives a host without settings the built-in ones, under its own domain name", async () => {
    const settings = await loadSettings(env.SETTINGS, "unknown.example");
    expect(settings).toEqual({ ...builtInSettings, domain: "unknown.example" });
  });

  it("ignores a stored document that fails the schema and keeps serving the defaults", async () => {
    await givenDomainSettings("broken.example", {
      name: "Broken",
      domain: "broken.example",
      countries: ["NL"],
      company_id: 1,
      niche: 9,
    });
    const settings = await loadSettings(env.SETTINGS, "broken.example");
    expect(settings.name).toBe(builtInSettings.name);
    expect(settings.niche).toBe(0);
  });

  it("keeps a parsed copy for 30 seconds, then reads the operator's edit", async () => {
    await givenDomainSettings("edit.example", {
      name: "Before",
      domain: "edit.example",
      countries: ["NL"],
      company_id: 1,
    });
    expect((await loadSettings(env.SETTINGS, "edit.example", NOW)).name).toBe("Before");
    await givenDomainSettings("edit.example", {
      name: "After",
      domain: "edit.example",
      countries: ["NL"],
      company_id: 1,
    });
    expect((await loadSettings(env.SETTINGS, "edit.example", NOW + 29_000)).name).toBe("Before");
    expect((await loadSettings(env.SETTINGS, "edit.example", NOW + 30_001)).name).toBe("After");
  });

  it("takes the visitor's country from geo-IP, else the domain's selected country, unless the domain forces one", async () => {
    await givenExampleDomains();
    expect((await chromeFor("herzklopfen.example", { "CF-IPCountry": "AT" })).country).toBe("AT");
    expect((await chromeFor("herzklopfen.example")).country).toBe("DE");
    expect((await chromeFor("herzklopfen.example", { "CF-IPCountry": "XX" })).country).toBe("DE");
    await givenDomainSettings("belgie.example", {
      name: "België",
      domain: "belgie.example",
      countries: ["BE"],
      geoip_country: "BE",
      company_id: 1,
    });
    expect((await chromeFor("belgie.example", { "CF-IPCountry": "NL" })).country).toBe("BE");
  });

  it("offers the default locales per country, or the domain's own list", async () => {
    await givenExampleDomains();
    // Herzklopfen lists de, fr, it for Switzerland instead of the table's de, it, fr, en.
    expect((await chromeFor("herzklopfen.example", { "CF-IPCountry": "CH" })).visibleLocales).toEqual([
      "de",
      "fr",
      "it",
    ]);
    expect((await chromeFor("localhost", { "CF-IPCountry": "CH" })).visibleLocales).toEqual(["de", "it", "fr", "en"]);
    expect((await chromeFor("localhost", { "CF-IPCountry": "BE" })).visibleLocales).toEqual(["nl", "fr", "de"]);
    expect((await chromeFor("vlinder.example", { "CF-IPCountry": "NL" })).visibleLocales).toEqual(["nl"]);
    const herzklopfen = await loadSettings(env.SETTINGS, "herzklopfen.example");
    expect(siteLocales(herzklopfen, "AT")).toEqual(["de"]);
    // Every locale the domain serves (what ?lng= may ask for), its own language first.
    expect(domainLocales(herzklopfen)).toEqual(["de", "fr", "it"]);
  });

  it("speaks the domain's language when the visitor chose none, and the visitor's choice otherwise", async () => {
    await givenExampleDomains();
    const german = await chromeFor("herzklopfen.example", { "Accept-Language": "en-GB,en" });
    expect(german.locale).toBe("de");
    expect(german.site).toMatchObject({ name: "Herzklopfen", logo: "/logos/herzklopfen.svg" });
    expect(german.site.title).toBe("Herzklopfen – Singles ab 50 in deiner Nähe");
    expect((await chromeFor("herzklopfen.example", { cookie: "lng=fr" })).site.title).toBe(
      "Herzklopfen – célibataires de plus de 50 ans près de chez toi",
    );
    expect((await chromeFor("vlinder.example")).locale).toBe("nl");
    expect((await chromeFor("localhost", { "Accept-Language": "en-GB,en", "CF-IPCountry": "GB" })).locale).toBe("en");
  });
});

describe("site-entry warning", () => {
  it("is shown to a logged-out visitor who has not entered yet", async () => {
    const chrome = await chromeFor("localhost");
    expect(chrome.siteEntryWarning).toBe(true);
  });

  it("is not shown again once the visitor entered (a skip timestamp in the cookie)", async () => {
    expect((await chromeFor("localhost", { cookie: `site_entry_skipped=${NOW}` })).siteEntryWarning).toBe(false);
    // A cookie that holds no timestamp does not count as entering.
    expect((await chromeFor("localhost", { cookie: "site_entry_skipped=yes" })).siteEntryWarning).toBe(true);
  });

  it("is not shown to a logged-in member", async () => {
    const member = await givenAccount();
    const chrome = await chromeFor("localhost", { cookie: await sessionCookieFor(member) });
    expect(chrome.member).not.toBeNull();
    expect(chrome.siteEntryWarning).toBe(false);
  });

  it("is not shown on a domain whose enable_site_entry_popup is no", async () => {
    await givenDomainSettings("nopopup.example", {
      name: "No popup",
      domain: "nopopup.example",
      countries: ["NL"],
      enable_site_entry_popup: "no",
      company_id: 1,
    });
    expect((await chromeFor("nopopup.example")).siteEntryWarning).toBe(false);
  });

  it("with a list of countries, is shown only to visitors whose country is on it", async () => {
    await givenDomainSettings("listed.example", {
      name: "Listed",
      domain: "listed.example",
      countries: ["NL", "DE", "BE"],
      site_entry_countries: ["DE", "BE"],
      company_id: 1,
    });
    expect((await chromeFor("listed.example", { "CF-IPCountry": "DE" })).siteEntryWarning).toBe(true);
    expect((await chromeFor("listed.example", { "CF-IPCountry": "BE" })).siteEntryWarning).toBe(true);
    expect((await chromeFor("listed.example", { "CF-IPCountry": "NL" })).siteEntryWarning).toBe(false);
    // Without geo-IP, the selected country (NL) decides.
    expect((await chromeFor("listed.example")).siteEntryWarning).toBe(false);
  });

  it("appears in the chat layout only for visitors from NL and DE", async () => {
    const inChat = async (country: string) =>
      (await chromeFor("localhost", { "CF-IPCountry": country })).siteEntryWarningInChat;
    expect(await inChat("NL")).toBe(true);
    expect(await inChat("DE")).toBe(true);
    expect(await inChat("BE")).toBe(false);
    expect(await inChat("GB")).toBe(false);
    // The other layouts show it to all of them.
    expect((await chromeFor("localhost", { "CF-IPCountry": "BE" })).siteEntryWarning).toBe(true);
  });

  it("records the skip timestamp when the visitor enters, and goes back to the page", async () => {
    const time = clock(NOW);
    const enter = async (redirectTo: string) => {
      const context = new RouterContextProvider();
      context.set(requestContext, { ...accountsApp({ now: time.now }), member: null } as never);
      const body = new URLSearchParams({ redirectTo });
      const request = new Request("http://localhost/site-entry", { method: "POST", body });
      return (await siteEntryAction({ request, context, params: {} } as never)) as Response;
    };
    const response = await enter("/landers/video?ref=x");
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/landers/video?ref=x");
    const cookie = response.headers.get("set-cookie")!;
    expect(cookie).toMatch(new RegExp(`^site_entry_skipped=${NOW}; Max-Age=31536000; Path=/`));
    // Never off to another site.
    expect((await enter("//evil.example/")).headers.get("location")).toBe("/");
    const after = await chromeFor("localhost", { cookie: cookie.split(";")[0]! });
    expect(after.siteEntryWarning).toBe(false);
  });
});

describe("terms version date in the footer", () => {
  it("is 2023-12-01 12:00 UTC for a company added earlier, in the active locale", async () => {
    await givenCompany({ added: Date.UTC(2022, 4, 1) });
    const company = await getCompany(db, 1, NOW);
    expect(termsVersionDate(company)).toBe(Date.UTC(2023, 11, 1, 12, 0, 0));
    const termsDate = (locale: Locale) =>
      legalValues({ settings: builtInSettings, company, locale, origin: "http://localhost" }).termsDate;
    expect(termsDate("nl")).toBe("1 december 2023");
    expect(termsDate("de")).toBe("1. Dezember 2023");
    expect(termsDate("en")).toBe("1 December 2023");
    expect(termsDate("fr")).toBe("1 décembre 2023");
    expect(termsDate("pl")).toBe("1 grudnia 2023");
  });

  it("is the company's added date when that is later, also in the footer", async () => {
    await givenExampleDomains();
    const company = await getCompany(db, 3, NOW);
    expect(termsVersionDate(company)).toBe(Date.UTC(2025, 2, 15, 9, 0, 0));
    const chrome = await chromeFor("herzklopfen.example");
    expect(chrome.termsDate).toBe(Date.UTC(2025, 2, 15, 9, 0, 0));
    expect(legalValues({ settings: builtInSettings, company, locale: "de", origin: "x:" }).termsDate).toBe(
      "15. März 2025",
    );
  });

  it("without a company, falls back to the default date", () => {
    expect(termsVersionDate(null)).toBe(Date.UTC(2023, 11, 1, 12, 0, 0));
  });
});

describe("legal and help pages in every locale", () => {
  const company = exampleCompanies.find((c) => c.id === 3)!;

  for (const locale of locales) {
    it(`exist in ${locale}, complete and filled with the domain's company info`, async () => {
      await givenExampleDomains();
      for (const page of legalPages) {
        expect(hasLegalTranslation(page, locale), `${locale}/${page}.md`).toBe(true);
        const response = await get("herzklopfen.example", `/pages/${page}`, { cookie: `lng=${locale}` });
        expect(response.status, page).toBe(200);
        const html = await response.text();
        expect(html, page).toContain(`<html lang="${locale}"`);
        const texts = visibleText(html);
        expect(
          texts.filter((text) => text.includes("{{") || text.includes("}}") || /lorem ipsum/i.test(text)),
          page,
        ).toEqual([]);
        expect(
          texts.filter((text) => RAW_KEY.test(text)),
          page,
        ).toEqual([]);
        expect(html, page).toMatch(/<h1[^>]*>[^<]{3,}<\/h1>/);
        expect(html, page).toMatch(/<meta name="description" content="[^"]{20,}"/);
        expect(texts.join("\n"), page).toContain("Herzklopfen");
        // The footer names the company on every page; the terms name it and date its version.
        expect(texts.join("\n"), page).toContain(company.name);
        if (page === "terms") expect(texts.join("\n")).toContain(formatDate(company.added!, locale));
        if (page === "faq") expect(html.match(/<details/g)?.length ?? 0).toBeGreaterThanOrEqual(5);
      }
    });
  }
});

describe("GET /api/settings.php and /api/companyinfo.php per domain", () => {
  it("answer the Dutch and German example domains with their own settings and company", async () => {
    await givenExampleDomains();
    const vlinder = await get("vlinder.example", "/api/settings.php");
    expect(await vlinder.json()).toMatchObject({ name: "Vlinder", domain: "vlinder.example", countries: ["NL", "BE"] });
    expect(vlinder.headers.get("set-cookie")).toMatch(/^lng=nl;/);
    expect(vlinder.headers.get("cache-control")).toBe("no-store");

    const company = await get("herzklopfen.example", "/api/companyinfo.php");
    expect(await company.json()).toMatchObject({
      name: "Herzklopfen Digital GmbH",
      city: "Berlin",
      kvk: "HRB 245678 B",
      tradenames: ["Herzklopfen", "Herzklopfen 50+"],
      vat_numbers: ["DE312345678"],
      support_phone: "+49 30-1234 5678",
      delete_discount: 40,
      added: "2025-03-15T09:00:00.000Z",
    });
    expect(((await (await get("vlinder.example", "/api/companyinfo.php")).json()) as { name: string }).name).toBe(
      "Vlinder Online B.V.",
    );
  });

  it("forces another domain through the query", async () => {
    await givenExampleDomains();
    const response = await get("localhost", "/api/settings.php?domain=herzklopfen.example");
    expect(((await response.json()) as { name: string }).name).toBe("Herzklopfen");
    expect(response.headers.get("set-cookie")).toMatch(/^lng=de;/);
  });
});

describe("POST /api/page-hidden.php (bounce logging)", () => {
  const hidden = (query: string, headers: Record<string, string> = {}) =>
    SELF.fetch(`http://localhost/api/page-hidden.php${query}`, {
      method: "POST",
      body: "{}",
      headers: { host: "localhost", origin: "http://localhost", "content-type": "application/json", ...headers },
    });
  const recorded = () => db.select().from(pageEvents);

  it("records the hidden page when its address carries lb, and answers empty JSON", async () => {
    const response = await hidden(`?${new URLSearchParams({ page: "/landers/video/milf?lb=1&ref=x" })}`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({});
    expect(await recorded()).toEqual([
      expect.objectContaining({ domain: "localhost", path: "/landers/video/milf", kind: "hidden", userId: null }),
    ]);
  });

  it("falls back to the Referer, and records the member who hid it", async () => {
    const member = await givenAccount();
    await hidden("", { referer: "http://localhost/members?lb", cookie: await sessionCookieFor(member) });
    expect(await recorded()).toEqual([expect.objectContaining({ path: "/members", userId: member })]);
  });

  it("records nothing without lb or for another site's page, and still answers empty JSON", async () => {
    for (const query of ["", "?page=/members", `?${new URLSearchParams({ page: "https://other.example/x?lb" })}`]) {
      const response = await hidden(query);
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({});
    }
    expect(await recorded()).toEqual([]);
  });
});

describe("complaints (/complaints)", () => {
  const complaint = {
    name: "Jan de Vries",
    email: "jan@example.com",
    subject: "Dubbele afschrijving",
    message: "Mijn betaling is twee keer afgeschreven, graag terugstorten.",
  };

  /** Complaints filed from one client address (each test's own, unless given). */
  const fromClient = (clientIp = "203.0.113.7", options: Parameters<typeof accountsApp>[0] = {}) => ({
    ...accountsApp(options),
    clientIp,
  });

  it("stores the complaint for the operators and acknowledges it with a reference and fixed wording only", async () => {
    // Anyone may type anyone's address: what they wrote must not reach that inbox.
    const written = {
      name: "Win a prize at spam.example",
      email: "jan@example.com",
      subject: "Claim your prize: https://spam.example/win",
      message: "Click https://spam.example/win now, your account will be closed otherwise!",
    };
    const { id } = await fileComplaint(fromClient(), complaintSchema.parse(written), null);
    const [stored] = await db.select().from(complaints).where(eq(complaints.id, id));
    expect(stored).toMatchObject({ ...written, domain: "localhost", status: "open", userId: null, createdAt: NOW });
    const [mail] = await mailsTo("jan@example.com");
    expect(mail).toMatchObject({ template: "complaint_received", locale: "nl" });
    for (const part of [mail!.subject, mail!.text, mail!.html]) {
      expect(part).not.toMatch(/spam\.example|prize|Click/i);
    }
    expect(stored!.reference).toMatch(/^[A-Z0-9]{4}-[A-Z0-9]{4}$/);
    expect(mail!.subject).toContain(stored!.reference);
    expect(mail!.text).toContain(stored!.reference);
  });

  it("counts plus-addressed and dotted Gmail variants of one address as that address", async () => {
    const file = (email: string, clientIp: string) =>
      fileComplaint(fromClient(clientIp), complaintSchema.parse({ ...complaint, email }), null);
    for (const [i, email] of ["jan+1@example.com", "Jan+2@Example.com", "jan@example.com"].entries()) {
      await file(email, `198.51.100.${i}`);
    }
    expect(await outcome(file("jan+more@example.com", "198.51.100.9"))).toBe("complaint_limit");
    for (const [i, email] of [
      "j.an.devries@gmail.com",
      "jandevries+x@googlemail.com",
      "JanDeVries@gmail.com",
    ].entries()) {
      await file(email, `198.51.100.${10 + i}`);
    }
    expect(await outcome(file("jan.de.vries+y@GMAIL.com", "198.51.100.19"))).toBe("complaint_limit");
    expect(await db.select().from(complaints)).toHaveLength(6);
  });

  it("files three of ten sent at once to one address, and mails three", async () => {
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        outcome(fileComplaint(fromClient(`198.51.100.${i}`), complaintSchema.parse(complaint), null)),
      ),
    );
    expect(answers.filter((a) => a === "ok")).toHaveLength(3);
    expect(answers.filter((a) => a === "complaint_limit")).toHaveLength(7);
    expect(await db.select().from(complaints)).toHaveLength(3);
    expect(await mailsTo("jan@example.com")).toHaveLength(3);
  });

  it("takes at most 10 complaints a day from one client address, whatever addresses it types, sent at once too", async () => {
    const answers = await Promise.all(
      Array.from({ length: 15 }, (_, i) =>
        outcome(
          fileComplaint(fromClient(), complaintSchema.parse({ ...complaint, email: `victim${i}@example.com` }), null),
        ),
      ),
    );
    expect(answers.filter((a) => a === "ok")).toHaveLength(10);
    expect(answers.filter((a) => a === "complaint_limit")).toHaveLength(5);
    // Another client is not held up by it.
    expect(await outcome(fileComplaint(fromClient("192.0.2.1"), complaintSchema.parse(complaint), null))).toBe("ok");
  });

  it("refuses the form's 11th complaint of the day from one client address with a localised 429", async () => {
    const post = (i: number) =>
      SELF.fetch("http://localhost/complaints", {
        method: "POST",
        headers: {
          Origin: "http://localhost",
          "CF-Connecting-IP": "203.0.113.99",
          "Content-Type": "application/x-www-form-urlencoded",
        },
        body: new URLSearchParams({ ...complaint, email: `person${i}@example.com` }),
      });
    for (let i = 0; i < 10; i++) {
      const response = await post(i);
      expect(response.status).toBe(200);
      await response.body?.cancel();
    }
    const refused = await post(10);
    expect(refused.status).toBe(429);
    expect(await refused.text()).toContain(nlContent.complaints.errors.limit);
  });

  it("writes to a member in the member's own language and links the complaint to them", async () => {
    const member = await givenAccount({ email: "lena@example.com" });
    const { id } = await fileComplaint(
      fromClient(undefined, { locale: "nl" }),
      complaintSchema.parse({ ...complaint, email: "lena@example.com" }),
      { id: member, language: "de" },
    );
    const [stored] = await db.select().from(complaints).where(eq(complaints.id, id));
    expect(stored!.userId).toBe(member);
    expect((await mailsTo("lena@example.com"))[0]).toMatchObject({ template: "complaint_received", locale: "de" });
  });

  it("accepts three a day per address, then refuses until a day has passed", async () => {
    const time = clock(NOW);
    const file = () => fileComplaint(fromClient(undefined, { now: time.now }), complaintSchema.parse(complaint), null);
    for (let i = 0; i < 3; i++) await file();
    await expect(file()).rejects.toSatisfy((e) => e instanceof DomainError && e.code === "complaint_limit");
    expect(await mailsTo("jan@example.com")).toHaveLength(3);
    time.advance(86_400_001);
    await expect(file()).resolves.toEqual({ id: expect.any(Number), reference: expect.any(String) });
  });

  it("validates the form: every field required, a real e-mail address, a message of some substance", () => {
    const issues = (input: object) =>
      complaintSchema.safeParse(input).error?.issues.map((i) => `${i.path.join(".")}: ${i.message}`) ?? [];
    expect(issues({ ...complaint, message: "Te kort." })).toEqual([
      "message: content:complaints.errors.messageTooShort",
    ]);
    expect(issues({ ...complaint, email: "jan@" })).toHaveLength(1);
    expect(issues({ ...complaint, name: "  " })).toEqual(["name: content:complaints.errors.nameRequired"]);
    expect(issues({})).toHaveLength(4);
    expect(issues(complaint)).toEqual([]);
  });
});
