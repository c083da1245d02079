// Members who may be vulnerable, in their chats with fictional profiles:
// spending above the domain's threshold, words of distress or an operator's
// flag make a signal; while nobody reviewed it, a plain warning stands in the
// conversation and paid messages to fictional profiles are capped a day; an
// operator's review lifts the cap.
import { env, SELF } from "cloudflare:test";
import { and, eq, isNull } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { translator } from "#app/i18n/i18next.server.ts";
import type { ChatMessage } from "#app/schemas/chat.ts";
import { roomStub } from "#app/server/chat/sockets.ts";
import { operatorNoticeConfirmations, payments, users, vulnerabilitySignals } from "#app/server/db/schema.ts";
import { flagVulnerable, reviewVulnerable, vulnerableMembers } from "#app/server/fictional/vulnerable.ts";
import { handleWebhook, startCheckout } from "#app/server/payments/checkout.ts";
import { settleSandboxPayment } from "#app/server/payments/sandbox.ts";
import { builtInSettings } from "#app/server/settings/defaults.ts";
import {
  accountsApp,
  apiHeaders,
  appContext,
  chatSocket,
  db,
  eventually,
  failure,
  givenAccount,
  givenCredits,
  SITE,
  sessionCookieFor,
  settleBackgroundWork,
  walletOfMember,
} from "./fixtures.ts";
import { auditRowsFor, givenOperator } from "./operator-fixtures.ts";
import { givenPackage, member } from "./payment-fixtures.ts";

/** Ann, a paying member with 20 credits, in a conversation with Lisa, a fictional profile, notice confirmed. */
async function annWritesToLisa() {
  const ann = await givenAccount({ name: "Ann", gender: "male" });
  const lisa = await givenAccount({ name: "Lisa", fictional: true });
  await db.update(users).set({ paidUser: true }).where(eq(users.id, ann));
  await givenCredits(ann, 20);
  const { startConversation } = await import("#app/server/chat/conversations.ts");
  const conversation = await startConversation(appContext(), { id: ann, paidUser: true }, lisa);
  await db.insert(operatorNoticeConfirmations).values({ conversationId: conversation, memberId: ann, confirmedAt: 1 });
  return { ann, lisa, conversation, cookie: await sessionCookieFor(ann) };
}

let sent = 0;
async function send(cookie: string, conversation: number, text = "Hoi Lisa") {
  const response = await SELF.fetch(`${SITE}/api/chat/messages`, {
    method: "POST",
    headers: apiHeaders(cookie),
    body: JSON.stringify({ conversation, message: { kind: "text", clientId: `vulnerable-${++sent}`, text } }),
  });
  const body = (await response.json()) as { error?: string; message?: string };
  return { status: response.status, error: body.error ?? null, message: body.message };
}

const credits = async (id: number) => (await walletOfMember(id)).balance;
const openSignals = (member: number) =>
  db
    .select()
    .from(vulnerabilitySignals)
    .where(and(eq(vulnerabilitySignals.memberId, member), isNull(vulnerabilitySignals.reviewedAt)));

/** The notices (the site's own words) in the conversation as the member sees it. */
async function notices(conversation: number, member: number) {
  const frame = await roomStub(env, conversation).history(member, {});
  return frame.type === "messages" ? frame.messages.filter((m: ChatMessage) => m.kind === "notice") : [];
}

const warningNl = translator("nl")("chat:vulnerableWarning.text", { site: builtInSettings.name });
const cap = builtInSettings.vulnerable_daily_messages;

describe("signals of vulnerability in chats with fictional profiles", () => {
  it("reads words of distress: a signal, the warning in the conversation once, and the daily cap", async () => {
    const { ann, conversation, cookie } = await annWritesToLisa();
    const watching = await chatSocket(cookie, conversation);
    expect((await send(cookie, conversation, "Ik ben zo EENZAAM, echt.")).status).toBe(201);
    expect(
      await eventually(() => watching.frames.some((f) => f.type === "messages" && f.messages[0]?.kind === "notice")),
    ).toBe(true);
    const [signal] = await openSignals(ann);
    expect(signal).toMatchObject({ kind: "words", detail: "eenzaam", conversationId: conversation });
    expect((await notices(conversation, ann)).map((m) => [m.text, m.senderId])).toEqual([[warningNl, 0]]);
    // Up to the cap a day (the distressed message was the first), then refused and nothing charged.
    for (let i = 1; i < cap; i++) expect((await send(cookie, conversation, "Nog steeds eenzaam")).status).toBe(201);
    const before = await credits(ann);
    const refused = await send(cookie, conversation);
    expect(refused).toMatchObject({ status: 429, error: "vulnerable_cap_reached" });
    expect(refused.message).toBe(translator("nl")("errors:vulnerableCapReached"));
    expect(await credits(ann)).toBe(before);
    // One words signal for the unreviewed period, one warning for it in the conversation.
    expect(await openSignals(ann)).toHaveLength(1);
    expect(await notices(conversation, ann)).toHaveLength(1);
    watching.ws.close(1000);
  });

  it("counts spending above the domain's threshold as a signal, and an operator's review lifts the cap", async () => {
    const { ann, conversation, cookie } = await annWritesToLisa();
    const now = Date.now();
    await db.insert(payments).values({
      userId: ann,
      domain: "localhost",
      country: "NL",
      currency: "EUR",
      amountCents: builtInSettings.vulnerable_spending_cents + 100,
      credits: 1000,
      method: "ideal",
      provider: "sandbox",
      status: "paid",
      createdAt: now - 86_400_000,
      updatedAt: now,
    });
    for (let i = 0; i < cap; i++) expect((await send(cookie, conversation)).status).toBe(201);
    expect(await openSignals(ann)).toMatchObject([
      { kind: "spending", detail: `${builtInSettings.vulnerable_spending_cents + 100} EUR` },
    ]);
    expect((await notices(conversation, ann)).map((m) => m.text)).toEqual([warningNl]);
    expect((await send(cookie, conversation)).error).toBe("vulnerable_cap_reached");

    const desk = await givenOperator("chat");
    expect(await failure(reviewVulnerable(desk.app, { member: ann, note: "" }))).toEqual({
      code: "operator_forbidden",
    });
    const moderator = await givenOperator("moderator");
    expect((await vulnerableMembers(moderator.app)).find((m) => m.memberId === ann)?.signals).toHaveLength(1);
    expect(await reviewVulnerable(moderator.app, { member: ann, note: "Called, all fine" })).toEqual({ reviewed: 1 });
    expect(await openSignals(ann)).toEqual([]);
    expect((await auditRowsFor("member", ann)).map((row) => row.action)).toContain("member.vulnerable_reviewed");
    // Reviewed: the same spending makes no new signal, and paid messages go through again.
    expect((await send(cookie, conversation)).status).toBe(201);
    expect(await openSignals(ann)).toEqual([]);
  });

  it("checks a payment booked as paid: spending above the threshold warns in the member's chats at once", async () => {
    const { ann, conversation } = await annWritesToLisa();
    const pkg = await givenPackage("NL", builtInSettings.vulnerable_spending_cents + 1);
    const app = accountsApp({ now: Date.now });
    const buyer = { ...(await member(ann, Date.now())), id: ann };
    const { paymentId } = await startCheckout(app, buyer, { packageId: pkg.id, method: "ideal", country: "NL" });
    const [payment] = await db.select().from(payments).where(eq(payments.id, paymentId));
    await settleSandboxPayment(db, payment!.providerRef!, "paid");
    expect(await handleWebhook(app, "sandbox", payment!.providerRef!)).toBe("paid");
    expect(await openSignals(ann)).toMatchObject([{ kind: "spending" }]);
    expect((await notices(conversation, ann)).map((m) => m.text)).toEqual([warningNl]);
  });

  it("takes an operator's flag from the desk: a signal with its audit row, and the warning in the member's chats", async () => {
    const { ann, conversation } = await annWritesToLisa();
    const desk = await givenOperator("chat");
    await flagVulnerable(desk.app, { member: ann, conversation, note: "Zegt dat ze haar laatste geld uitgeeft" });
    expect(await openSignals(ann)).toMatchObject([
      { kind: "operator", operatorId: desk.id, conversationId: conversation },
    ]);
    expect((await auditRowsFor("member", ann)).map((row) => row.action)).toEqual(["member.vulnerable"]);
    expect((await notices(conversation, ann)).map((m) => m.text)).toEqual([warningNl]);
    // The member's answer later does not warn a second time for the same signal.
    const cookie = await sessionCookieFor(ann);
    expect((await send(cookie, conversation)).status).toBe(201);
    await settleBackgroundWork();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await notices(conversation, ann)).toHaveLength(1);
    expect(await failure(flagVulnerable(desk.app, { member: 999_999, conversation: null, note: "" }))).toEqual({
      code: "member_not_found",
    });
  });

  it("shows the review page to moderators with the member's signals, and reviews from its form", async () => {
    const { ann, conversation } = await annWritesToLisa();
    const desk = await givenOperator("chat");
    await flagVulnerable(desk.app, { member: ann, conversation, note: "Lijkt erg afhankelijk" });
    const moderator = await givenOperator("moderator");
    const page = await SELF.fetch(`${SITE}/admin/vulnerable`, { headers: { Cookie: moderator.cookie } });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain(`data-testid="vulnerable-${ann}"`);
    expect(html).toContain("Lijkt erg afhankelijk");
    expect(html).toContain(`/admin/desk/${conversation}`);
    const form = new FormData();
    form.set("member", String(ann));
    form.set("note", "Gebeld");
    const reviewed = await SELF.fetch(`${SITE}/admin/vulnerable`, {
      method: "POST",
      headers: { Cookie: moderator.cookie, Origin: SITE },
      body: form,
    });
    expect(reviewed.status).toBe(200);
    expect(await openSignals(ann)).toEqual([]);
    const forbidden = await SELF.fetch(`${SITE}/admin/vulnerable`, { headers: { Cookie: desk.cookie } });
    expect(forbidden.status).toBe(403);
  });
});
