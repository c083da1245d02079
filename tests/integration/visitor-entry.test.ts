// What a visitor meets before signing up, through the real Worker: the locale
// cookie of a domain's language, domains with signups closed, the traffic
// source kept past the landing page, and the profile name rule at /profile.
import { SELF } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { trackingData, users } from "#app/server/db/schema.ts";
import { db, givenAccount, givenCompany, givenDomainSettings, givenMember, sessionCookieFor } from "./fixtures.ts";

const DOMAIN = "herzklopfen.example";

async function givenDomain(settings: Record<string, unknown> = {}) {
  await givenCompany();
  await givenDomainSettings(DOMAIN, {
    name: "Herzklopfen",
    domain: DOMAIN,
    domain_language: "de-DE",
    countries: ["DE", "AT"],
    company_id: 1,
    ...settings,
  });
}

const page = (path: string, cookie = "") =>
  SELF.fetch(`http://${DOMAIN}${path}`, { headers: { cookie, "cf-ipcountry": "DE" }, redirect: "manual" });

const post = (path: string, fields: Record<string, string>, cookie = "", host = DOMAIN) =>
  SELF.fetch(`http://${host}${path}`, {
    method: "POST",
    headers: { Origin: `http://${host}`, "Content-Type": "application/x-www-form-urlencoded", cookie },
    body: new URLSearchParams(fields),
    redirect: "manual",
  });

const setCookies = (response: Response) => response.headers.getSetCookie();
const cookieValue = (response: Response, name: string) =>
  setCookies(response)
    .find((c) => c.startsWith(`${name}=`))
    ?.split(";")[0];
/** Links and forms that lead into signup (not the closed notice, not login). */
const signupLinks = (html: string) => html.match(/href="\/signup[^"]*"/g) ?? [];

const signupForm = (email: string) => ({
  gender: "male",
  seeking: "female",
  name: "Bram",
  email,
  date_of_birth: "1990-05-01",
  password: "correct horse battery",
});

describe("the locale of a domain's language", () => {
  it("is remembered in the lng cookie for a year on a visitor's first page", async () => {
    await givenDomain();
    const response = await page("/");
    expect(response.status).toBe(200);
    expect(setCookies(response).find((c) => c.startsWith("lng="))).toMatch(/^lng=de; Max-Age=31536000; Path=\//);
    expect(await response.text()).toContain('lang="de"');
  }, 60_000);

  it("leaves a language the visitor chose alone", async () => {
    // English is offered in Germany here: a language the domain does not offer is redirected away.
    await givenDomain({ visible_locales: { DE: ["de", "en"] } });
    const chosen = await page("/", "lng=fr");
    expect(cookieValue(chosen, "lng")).toBeUndefined();
    expect(await chosen.text()).toContain('lang="fr"');
    const asked = await page("/?lng=en");
    expect(cookieValue(asked, "lng")).toBe("lng=en");
  });
});

describe("a domain with signups closed", () => {
  it("shows no signup button in the navigation or on the home page, and offers login", async () => {
    await givenDomain({ signups: "none" });
    const html = await (await page("/", "lng=en")).text();
    expect(signupLinks(html)).toEqual([]);
    expect(html).toContain('href="/login"');
  });

  it("shows no signup button on the locked search page", async () => {
    await givenDomain({ signups: "none", logged_out_search: false });
    const response = await page("/members", "lng=en");
    expect(response.status).toBe(403);
    const html = await response.text();
    expect(signupLinks(html)).toEqual([]);
    expect(html).toContain("/login?redirectTo=/members");
  });

  it("shows no signup button beside a profile's locked photos", async () => {
    await givenDomain({ signups: "none" });
    const id = await givenMember({ name: "Eva", country: "DE", photos: [{}, {}] });
    const response = await page(`/members/${id}`, "lng=en");
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('data-testid="locked-photo"');
    expect(signupLinks(html)).toEqual([]);
    expect(html).toContain(`/login?redirectTo=%2Fmembers%2F${id}`);
  });

  it("says on the signup page at once that signups are closed, in the visitor's language, with login offered", async () => {
    await givenDomain({ signups: "none" });
    const html = await (await page("/signup", "lng=de")).text();
    expect(html).toContain("Die Registrierung ist auf dieser Website derzeit nicht möglich.");
    expect(html).not.toContain('name="password"');
    expect(html).toContain('href="/login"');
  });

  it("still shows the signup button where signups are open", async () => {
    await givenDomain();
    expect(signupLinks(await (await page("/", "lng=en")).text()).length).toBeGreaterThan(0);
  });
});

describe("the traffic source", () => {
  it("is kept in a cookie when a visitor lands with it", async () => {
    await givenDomain();
    const response = await page("/?network=adnet&ref=summer&sub1=a");
    expect(cookieValue(response, "traffic_source")).toBeDefined();
    const member = await givenAccount();
    const asMember = await page("/?ref=other", await sessionCookieFor(member));
    expect(cookieValue(asMember, "traffic_source")).toBeUndefined();
  });

  it("opens logged-out search past the landing page on a domain that allows it with a traffic source", async () => {
    await givenDomain({ logged_out_search: false, logged_out_search_trafficsource: true });
    expect((await page("/members")).status).toBe(403);
    const landing = await page("/?ref=summer");
    const cookie = cookieValue(landing, "traffic_source")!;
    expect((await page("/members", cookie)).status).toBe(200);
  });

  it("opens signup past the landing page on a domain that takes signups with a traffic source", async () => {
    await givenDomain({ signups: "with_trafficsource" });
    expect(signupLinks(await (await page("/", "lng=en")).text())).toEqual([]);
    const cookie = cookieValue(await page("/?network=adnet&ref=summer"), "traffic_source")!;
    const home = await (await page("/", `${cookie}; lng=en`)).text();
    expect(signupLinks(home).length).toBeGreaterThan(0);
    expect(await (await page("/signup", cookie)).text()).toContain('name="password"');
  });

  it("is stored with the new member when the signup form comes from another page", async () => {
    await givenDomain({ signups: "with_trafficsource" });
    const cookie = cookieValue(await page("/?network=adnet&ref=summer&sub2=b"), "traffic_source")!;
    const response = await post("/signup", signupForm("bram@example.com"), cookie);
    expect(response.status).toBe(302);
    const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, "bram@example.com"));
    const [tracking] = await db.select().from(trackingData).where(eq(trackingData.userId, user!.id));
    expect(tracking).toMatchObject({ network: "adnet", ref: "summer", sub2: "b" });
  });
});

describe("the profile name at /profile", () => {
  it.each([
    ["the member's e-mail address", "Member@Example.com", "Dein Profilname darf nicht deine E-Mail-Adresse sein."],
    ["a name starting with @", "@bram", "Dein Profilname darf nicht mit @ beginnen."],
  ])("refuses %s, as signup does", async (_, name, message) => {
    const id = await givenAccount({ email: "member@example.com" });
    const cookie = `${await sessionCookieFor(id)}; lng=de`;
    const response = await post(
      "/profile",
      { name, gender: "male", seeking: "female", sexuality: "hetero", country: "NL" },
      cookie,
      "localhost",
    );
    expect(response.status).toBe(400);
    expect(await response.text()).toContain(message);
  });
});
