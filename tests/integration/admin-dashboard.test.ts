// The console's dashboard page, opened by every operator role over SELF.fetch
// against the real Worker: it answers 200 and its loader returns the figures
// of the last 30 days — signups, activations, first purchases, messages and
// paid revenue per currency — per day and per domain. Every role may open the
// dashboard ("dashboard.view"); revenue is money, so only the roles that may
// see payments ("payments.view": admin and support) get it. Messages are
// counted from daily totals the conversations' summaries keep, not from the
// messages themselves, which need not stay in D1.
import { SELF } from "cloudflare:test";
import { UNSAFE_decodeViaTurboStream as decodeTurboStream } from "react-router";
import { describe, expect, it } from "vitest";
import { writeSummary } from "#app/server/chat/summary.ts";
import { conversationParticipants, conversations, payments, users } from "#app/server/db/schema.ts";
import type { Dashboard } from "#app/server/operators/dashboard.ts";
import { can, operatorRoles } from "#app/server/operators/roles.ts";
import { db } from "./fixtures.ts";
import { givenOperator } from "./operator-fixtures.ts";

const DAY = 86_400_000;
// The Worker reads the real clock: the figures are placed on days counted back from today (UTC).
const today = Math.floor(Date.now() / DAY);
/** Noon (UTC) of the day `n` days ago, and its label on the dashboard. */
const daysAgo = (n: number) => (today - n) * DAY + DAY / 2;
const label = (n: number) => new Date(daysAgo(n)).toISOString().slice(0, 10);

let nextId = 5000;

async function givenUser(domain: string, signedUp: number, confirmed: number | null = null) {
  const id = nextId++;
  await db.insert(users).values({
    id,
    email: `dash${id}@test.example`,
    passwordHash: "!",
    status: confirmed ? "active" : "not_confirmed",
    domain,
    signupDate: signedUp,
    confirmedAt: confirmed,
  });
  return id;
}

async function givenPayment(
  userId: number,
  domain: string,
  at: number,
  payment: { cents: number; currency?: string; status?: "paid" | "refunded" | "failed" },
) {
  await db.insert(payments).values({
    userId,
    domain,
    country: "NL",
    currency: payment.currency ?? "EUR",
    amountCents: payment.cents,
    credits: 10,
    method: "ideal",
    provider: "sandbox",
    providerRef: `dash-${nextId++}`,
    status: payment.status ?? "paid",
    createdAt: at,
    updatedAt: at,
  });
}

/** The summary a room whose messages were sent at `times` by one member writes. */
const summaryOf = (senderId: number, times: number[]) => ({
  version: 1,
  upTo: times.length,
  members: [],
  messages: times.map((createdAt, i) => ({ seq: i + 1, senderId, createdAt })),
});

async function givenMessages(senderId: number, otherId: number, times: number[]) {
  const [low, high] = senderId < otherId ? [senderId, otherId] : [otherId, senderId];
  const [conversation] = await db
    .insert(conversations)
    .values({ memberLow: low, memberHigh: high, createdBy: senderId, createdAt: times[0]! })
    .returning();
  await db.insert(conversationParticipants).values([
    { conversationId: conversation!.id, userId: senderId },
    { conversationId: conversation!.id, userId: otherId },
  ]);
  // As the room does behind every burst: its summary counts them.
  await writeSummary({ db }, conversation!.id, summaryOf(senderId, times));
  return conversation!.id;
}

/**
 * Two domains, with rows inside the 30 days and rows before them:
 * - a.example: Ann (signed up 3 days ago, activated 2 days ago, paid €9.95 then,
 *   and €4.95 yesterday; 3 messages yesterday), Cor (signed up 40 days ago,
 *   activated yesterday, first paid 40 days ago — no first purchase in the
 *   period — and $5.00 yesterday).
 * - b.example: Bob (signed up yesterday, not activated, a refunded first
 *   purchase yesterday — a first purchase without revenue — and a failed one;
 *   1 message 2 days ago and 1 from 40 days ago).
 */
async function givenActivity() {
  const ann = await givenUser("a.example", daysAgo(3), daysAgo(2));
  const cor = await givenUser("a.example", daysAgo(40), daysAgo(1));
  const bob = await givenUser("b.example", daysAgo(1));
  await givenPayment(ann, "a.example", daysAgo(2), { cents: 995 });
  await givenPayment(ann, "a.example", daysAgo(1), { cents: 495 });
  await givenPayment(cor, "a.example", daysAgo(40), { cents: 1000 });
  await givenPayment(cor, "a.example", daysAgo(1), { cents: 500, currency: "USD" });
  await givenPayment(bob, "b.example", daysAgo(1), { cents: 2000, status: "refunded" });
  await givenPayment(bob, "b.example", daysAgo(1), { cents: 3000, status: "failed" });
  await givenMessages(ann, bob, [daysAgo(1), daysAgo(1) + 1, daysAgo(1) + 2]);
  await givenMessages(bob, cor, [daysAgo(40), daysAgo(2)]);
}

/** A 30-day series with the given values on the days `n` days ago, zero elsewhere. */
function series(days: string[], values: Record<number, number>) {
  const out = new Array<number>(days.length).fill(0);
  for (const [n, value] of Object.entries(values)) {
    const index = days.indexOf(label(Number(n)));
    expect(index, `day ${n} ago is on the dashboard`).toBeGreaterThanOrEqual(0);
    out[index] = value;
  }
  return out;
}

/** Opens /admin as the page does and, as the client router does, reads its loader's data. */
async function openDashboard(cookie: string, search = "") {
  const page = await SELF.fetch(`http://localhost/admin${search}`, { headers: { Cookie: cookie } });
  const data = await SELF.fetch(`http://localhost/admin.data${search}`, { headers: { Cookie: cookie } });
  const decoded = data.body ? await decodeTurboStream(data.body, globalThis) : { value: null };
  const routes = decoded.value as Record<string, { data?: Dashboard; error?: unknown }> | null;
  return { page, html: await page.text(), status: data.status, admin: routes?.admin };
}

describe("the console's dashboard", () => {
  for (const role of operatorRoles) {
    it(`opens to the ${role} with the figures of the last 30 days, per day and per domain`, async () => {
      await givenActivity();
      const operator = await givenOperator(role);

      const { page, html, status, admin } = await openDashboard(operator.cookie);
      expect(page.status, "GET /admin").toBe(200);
      expect(status).toBe(200);
      expect(admin?.error).toBeUndefined();
      const dashboard = admin!.data!;

      expect(dashboard.days).toHaveLength(30);
      expect(dashboard.days.at(-1)).toBe(label(0));
      expect(dashboard.domain).toBeNull();
      expect(dashboard.domains).toEqual(["a.example", "b.example"]);
      const days = dashboard.days;
      expect(dashboard.series).toEqual({
        signups: series(days, { 3: 1, 1: 1 }),
        activations: series(days, { 2: 1, 1: 1 }),
        firstPurchases: series(days, { 2: 1, 1: 1 }),
        messages: series(days, { 2: 1, 1: 3 }),
      });
      // Revenue counts paid payments only: the refunded and failed ones are left out.
      const seesMoney = can(role, "payments.view");
      expect(dashboard.revenue).toEqual(
        seesMoney ? { EUR: series(days, { 2: 995, 1: 495 }), USD: series(days, { 1: 500 }) } : {},
      );
      expect(dashboard.totalsByDomain).toEqual({
        signups: { "a.example": 1, "b.example": 1 },
        activations: { "a.example": 2 },
        firstPurchases: { "a.example": 1, "b.example": 1 },
        messages: { "a.example": 3, "b.example": 1 },
      });
      // The page shows the per-domain table, and a revenue chart per currency to those who see money.
      expect(html).toContain("a.example");
      expect(html).toContain("b.example");
      // The chart titles ("Omzet (EUR)": the console speaks Dutch by default).
      expect(html.includes("Omzet (EUR)"), "EUR chart").toBe(seesMoney);
      expect(html.includes("Omzet (USD)"), "USD chart").toBe(seesMoney);
    });
  }

  it("narrows the series to one domain and keeps the totals of all", async () => {
    await givenActivity();
    const operator = await givenOperator("support");
    const { page, admin } = await openDashboard(operator.cookie, "?domain=b.example");
    expect(page.status).toBe(200);
    const dashboard = admin!.data!;
    const days = dashboard.days;
    expect(dashboard.domain).toBe("b.example");
    expect(dashboard.series).toEqual({
      signups: series(days, { 1: 1 }),
      activations: series(days, {}),
      firstPurchases: series(days, { 1: 1 }),
      messages: series(days, { 2: 1 }),
    });
    // Currencies come from every domain; b.example took no paid payment.
    expect(dashboard.revenue).toEqual({ EUR: series(days, {}), USD: series(days, {}) });
    expect(dashboard.totalsByDomain.messages).toEqual({ "a.example": 3, "b.example": 1 });
  });

  it("counts each message once, from the totals, when a room writes its summary again", async () => {
    await givenActivity();
    const operator = await givenOperator("admin");
    // A summary written again (a room that restarted and does not know it was written) counts nothing twice.
    const [again] = await db
      .select({ id: conversations.id, sender: conversations.createdBy })
      .from(conversations)
      .orderBy(conversations.id);
    const [first] = await db.select({ at: conversations.createdAt }).from(conversations).orderBy(conversations.id);
    await writeSummary({ db }, again!.id, { ...summaryOf(again!.sender!, [first!.at, first!.at]), version: 2 });
    const dashboard = (await openDashboard(operator.cookie)).admin!.data!;
    expect(dashboard.series.messages).toEqual(series(dashboard.days, { 2: 1, 1: 3 }));
    expect(dashboard.totalsByDomain.messages).toEqual({ "a.example": 3, "b.example": 1 });
  });

  it("answers with empty figures when nothing happened", async () => {
    const operator = await givenOperator("moderator");
    const { page, admin } = await openDashboard(operator.cookie);
    expect(page.status).toBe(200);
    const dashboard = admin!.data!;
    expect(dashboard.domains).toEqual([]);
    expect(dashboard.revenue).toEqual({});
    for (const values of Object.values(dashboard.series)) expect(values).toEqual(new Array(30).fill(0));
  });
});
