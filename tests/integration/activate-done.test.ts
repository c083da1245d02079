// The activation-done page offers premium with a discount badge only while the
// discount rule gives this member a discount, with that discount's percentage.
import { SELF } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { discountCodes, discountRedemptions, payments, profiles, users } from "#app/server/db/schema.ts";
import { db, givenAccount, sessionCookieFor } from "./fixtures.ts";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** A member who signed up `ago` ms before now (pages run on the real clock), and their cookie. */
async function givenNewMember(ago: number) {
  const id = await givenAccount();
  await db
    .update(users)
    .set({ signupDate: Date.now() - ago })
    .where(eq(users.id, id));
  await db.update(profiles).set({ lastActivity: Date.now() }).where(eq(profiles.userId, id));
  return { id, cookie: await sessionCookieFor(id) };
}

/** The premium card's text, without React's comment markers. */
async function premiumCard(cookie: string) {
  const response = await SELF.fetch("http://localhost/activate/done", { headers: { Cookie: cookie } });
  expect(response.status).toBe(200);
  const html = (await response.text()).replaceAll("<!-- -->", "");
  const card = /<section[^>]*aria-labelledby="premium-card"[^>]*>([\s\S]*?)<\/section>/.exec(html);
  return card?.[1] ?? null;
}

describe("the activation-done page", () => {
  it("shows a new member the 25 % welcome discount", async () => {
    const { cookie } = await givenNewMember(10 * 60_000);
    expect(await premiumCard(cookie)).toContain("−25%");
  });

  it("shows no discount once the welcome discount has expired", async () => {
    const { cookie } = await givenNewMember(8 * DAY);
    const card = await premiumCard(cookie);
    expect(card).not.toBeNull();
    expect(card).not.toMatch(/−\d+%/);
    expect(card).not.toContain("25%");
  });

  it("shows no discount once the member has used the welcome code", async () => {
    const { id, cookie } = await givenNewMember(5 * HOUR);
    const [code] = await db
      .insert(discountCodes)
      .values({
        code: "WELCOME25",
        kind: "welcome",
        userId: id,
        valuePercentage: 25,
        expiresAt: Date.now() + DAY,
        status: "active",
        createdAt: Date.now(),
      })
      .returning();
    const [payment] = await db
      .insert(payments)
      .values({
        userId: id,
        domain: "localhost",
        country: "NL",
        provider: "sandbox",
        method: "ideal",
        status: "refunded",
        credits: 60,
        amountCents: 1496,
        currency: "EUR",
        createdAt: Date.now() - HOUR,
        updatedAt: Date.now(),
      })
      .returning();
    await db
      .insert(discountRedemptions)
      .values({ discountCodeId: code!.id, userId: id, paymentId: payment!.id, createdAt: Date.now() - HOUR });
    const card = await premiumCard(cookie);
    expect(card).not.toBeNull();
    expect(card).not.toMatch(/−\d+%/);
  });

  it("shows the member's own welcome percentage, not a fixed one", async () => {
    const { id, cookie } = await givenNewMember(5 * HOUR);
    await db.insert(discountCodes).values({
      code: "WELCOME25",
      kind: "welcome",
      userId: id,
      valuePercentage: 15,
      expiresAt: Date.now() + DAY,
      status: "active",
      createdAt: Date.now(),
    });
    const card = await premiumCard(cookie);
    expect(card).toContain("−15%");
    expect(card).toContain("15%");
    expect(card).not.toContain("25%");
  });
});
