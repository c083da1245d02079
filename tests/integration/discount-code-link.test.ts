// A link to the credits page may carry a discount code (`/credits?code=…`, from
// a mail or another page). The code is checked for the member as a typed code
// is, by the same rule as GET /api/discountcode.php?code=, and filled in: the
// packages show the price with it, their links carry it to the checkout, whose
// code field holds it, applied or with the reason it is refused.
import { SELF } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { formatMoney } from "#app/i18n/format.ts";
import { creditPackages, discountCodes, users } from "#app/server/db/schema.ts";
import { db, givenAccount, sessionCookieFor } from "./fixtures.ts";

async function givenBuyer() {
  const id = await givenAccount();
  // Long a member: no welcome code or time bonus in the way.
  await db
    .update(users)
    .set({ signupDate: Date.now() - 400 * 86_400_000 })
    .where(eq(users.id, id));
  const [pkg] = await db
    .insert(creditPackages)
    .values({ domain: "*", country: "NL", currency: "EUR", credits: 60, priceCents: 995, style: "p1", popular: true })
    .returning();
  await db
    .insert(discountCodes)
    .values({ code: "SPRING10", kind: "promo", valuePercentage: 10, createdAt: Date.now() });
  return { pkg: pkg!, cookie: `${await sessionCookieFor(id)}; lng=en` };
}

async function page(path: string, cookie: string) {
  const response = await SELF.fetch(`http://localhost${path}`, { headers: { Cookie: cookie } });
  expect(response.status, path).toBe(200);
  return (await response.text()).replaceAll("<!-- -->", "").replaceAll("&amp;", "&");
}

/** The checkout form's code field. */
const codeField = (html: string) => /<input[^>]*name="code"[^>]*>/.exec(html)?.[0] ?? "";

describe("a discount code in the credits page's address", () => {
  it("prices the packages with the code and carries it on to the checkout", async () => {
    const { pkg, cookie } = await givenBuyer();
    const html = await page("/credits?code=spring10", cookie);
    expect(html).toContain(formatMoney(896, "EUR", "en"));
    expect(html).toContain(`href="/credits/${pkg.id}?code=SPRING10"`);
  });

  it("fills in the checkout's code field and applies it", async () => {
    const { pkg, cookie } = await givenBuyer();
    const html = await page(`/credits/${pkg.id}?code=SPRING10`, cookie);
    expect(codeField(html)).toContain('value="SPRING10"');
    expect(html).toContain("Code SPRING10 gives you 10% off.");
    expect(html).toContain(formatMoney(896, "EUR", "en"));
  });

  it("says at the code field why a code is refused, as for a typed code", async () => {
    const { pkg, cookie } = await givenBuyer();
    const html = await page(`/credits/${pkg.id}?code=NOSUCHCODE`, cookie);
    expect(codeField(html)).toContain('value="NOSUCHCODE"');
    expect(codeField(html)).toContain('aria-invalid="true"');
    expect(html).toContain("Code not found");
    expect(html).toContain(formatMoney(995, "EUR", "en"));
  });
});
