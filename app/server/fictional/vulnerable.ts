// Signs that a member may be vulnerable, and what they change. The ACM holds
// chat sites with fictional profiles to extra care for vulnerable members: a
// sign (high spending, words of distress, an operator's flag) puts a plain
// warning in their conversations with fictional profiles (vulnerable-warning.ts)
// and caps their paid messages to them a day, until an operator has reviewed
// the member (/admin/vulnerable). A spending or words signal comes once per
// unreviewed period: while one of its kind is open, no second one is added;
// after a review, spending counts again only from the last spending signal on.
import { and, asc, desc, eq, isNull, max, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import type { vulnerabilitySignalKinds } from "#app/schemas/enums.ts";
import { chargeNote } from "#app/server/chat/send-message.ts";
import { walletOf } from "#app/server/credits/wallet.ts";
import type { Database } from "#app/server/db/client.ts";
import { conversationParticipants, profiles, users, vulnerabilitySignals } from "#app/server/db/schema.ts";
import { DomainError } from "#app/server/errors.ts";
import { timeZoneOf } from "#app/server/geo/time-zones.ts";
import { startOfLocalDay } from "#app/server/likes/local-day.ts";
import { auditStatement } from "#app/server/operators/audit.ts";
import type { OperatorContext } from "#app/server/operators/context.ts";
import { authorize } from "#app/server/operators/roles.ts";
import type { SiteSettings } from "#app/server/settings/schema.ts";
import type { FictionalSend } from "./chat-rules.ts";
import { distressIn } from "./distress-words.ts";
import { paidSince, SPENDING_WINDOW } from "./spending.ts";
import { type WarningContext, warnInConversations } from "./vulnerable-warning.ts";

type VulnerabilitySignalKind = (typeof vulnerabilitySignalKinds)[number];
const signals = vulnerabilitySignals;
/** Conversations with fictional profiles whose charges are counted, those last written in first (a wallet takes this many notes at once). */
const MOST_CONVERSATIONS_COUNTED = 500;
const open = (memberId: number) => and(eq(signals.memberId, memberId), isNull(signals.reviewedAt));

/** The member's newest signal nobody reviewed yet (of one kind, if asked); null when there is none. */
async function openSignal(db: Database, memberId: number, kind?: VulnerabilitySignalKind) {
  const [row] = await db
    .select({ id: signals.id })
    .from(signals)
    .where(kind ? and(open(memberId), eq(signals.kind, kind)) : open(memberId))
    .orderBy(desc(signals.id))
    .limit(1);
  return row?.id ?? null;
}

/** Adds a signal unless one of its kind is open; its id, or null when none was added. */
async function addSignal(
  db: Database,
  signal: { memberId: number; kind: "spending" | "words"; detail: string; conversationId: number | null; now: number },
) {
  const [row] = await db
    .insert(signals)
    .select(
      sql`select null, ${signal.memberId}, ${signal.kind}, ${signal.detail}, ${signal.conversationId}, null, ${signal.now}, null, null
          where not exists (select 1 from ${signals} where ${signals.memberId} = ${signal.memberId}
            and ${signals.kind} = ${signal.kind} and ${signals.reviewedAt} is null)`,
    )
    .returning({ id: signals.id });
  return row?.id ?? null;
}

/**
 * The spending signal: what the member paid in the last 30 days (counted from
 * their last spending signal on, once one was reviewed) above the domain's
 * vulnerable_spending_cents. Its id when it was added now.
 */
export async function checkSpending(
  app: WarningContext & { settings: Pick<SiteSettings, "vulnerable_spending_cents"> },
  memberId: number,
) {
  const threshold = app.settings.vulnerable_spending_cents;
  if (threshold <= 0) return null;
  const now = app.now();
  const [last] = await app.db
    .select({ at: max(signals.createdAt) })
    .from(signals)
    .where(and(eq(signals.memberId, memberId), eq(signals.kind, "spending")));
  const paid = await paidSince(app.db, memberId, Math.max(now - SPENDING_WINDOW, (last?.at ?? 0) + 1));
  if (paid.cents <= threshold) return null;
  // "31200 EUR": the console shows it as money.
  const detail = `${paid.cents} ${paid.currency}`;
  const id = await addSignal(app.db, { memberId, kind: "spending", detail, conversationId: null, now });
  if (id !== null) await warnInConversations(app, { memberId, signalId: id });
  return id;
}

/**
 * Paid messages the member sent fictional profiles since `since`: their
 * wallet counts its charges that name one of those conversations (D1 knows
 * which they are).
 */
async function paidMessagesToFictional(app: { db: Database; env: Env }, memberId: number, since: number) {
  const own = alias(conversationParticipants, "own");
  const other = alias(conversationParticipants, "other");
  const withFictional = await app.db
    .select({ conversationId: own.conversationId })
    .from(own)
    .innerJoin(other, and(eq(other.conversationId, own.conversationId), sql`${other.userId} <> ${memberId}`))
    .innerJoin(profiles, and(eq(profiles.userId, other.userId), eq(profiles.fictional, true)))
    .where(eq(own.userId, memberId))
    .orderBy(desc(own.lastSentAt))
    .limit(MOST_CONVERSATIONS_COUNTED);
  if (!withFictional.length) return 0;
  return walletOf(app.env, memberId).countCharges({
    since,
    notes: withFictional.map((row) => chargeNote(row.conversationId)),
    reasons: ["message", "photo_message", "gift"],
  });
}

/**
 * Before a paid message to a fictional profile is charged: while the member
 * has a signal nobody reviewed, at most vulnerable_daily_messages of them a
 * local day (the day of the member's country).
 */
export async function assertVulnerableCap(send: FictionalSend): Promise<void> {
  const { app, senderId } = send;
  if ((await openSignal(app.db, senderId)) === null && (await checkSpending(app, senderId)) === null) return;
  const [member] = await app.db
    .select({ country: profiles.country })
    .from(profiles)
    .where(eq(profiles.userId, senderId));
  const today = startOfLocalDay(app.now(), timeZoneOf(member?.country ?? ""));
  if ((await paidMessagesToFictional(app, senderId, today)) >= app.settings.vulnerable_daily_messages) {
    throw new DomainError("vulnerable_cap_reached");
  }
}

/**
 * After a member's message to a fictional profile is delivered: words of
 * distress in it add a signal (warned in all their chats with fictional
 * profiles); and while any signal is open, this conversation carries its warning.
 */
export async function readForDistress(send: FictionalSend & { seq: number }): Promise<void> {
  const { app, senderId, conversationId } = send;
  const words = send.message.kind === "text" ? distressIn(send.message.text) : null;
  if (words !== null) {
    const id = await addSignal(app.db, {
      memberId: senderId,
      kind: "words",
      detail: words,
      conversationId,
      now: app.now(),
    });
    if (id !== null) await warnInConversations(app, { memberId: senderId, signalId: id });
  }
  const signal = await openSignal(app.db, senderId);
  if (signal !== null) {
    await warnInConversations(app, {
      memberId: senderId,
      signalId: signal,
      only: { conversationId, otherId: send.recipientId },
    });
  }
}

/** An operator (at the desk) flags a member who seems vulnerable; the warning goes in their chats with fictional profiles. */
export async function flagVulnerable(
  app: OperatorContext,
  input: { member: number; conversation: number | null; note: string },
) {
  authorize(app.operator, "desk");
  const [member] = await app.db.select({ id: users.id }).from(users).where(eq(users.id, input.member));
  if (!member) throw new DomainError("member_not_found");
  const note = input.note.trim().slice(0, 1000);
  const [[signal]] = await app.db.batch([
    app.db
      .insert(signals)
      .values({
        memberId: member.id,
        kind: "operator",
        detail: note,
        conversationId: input.conversation,
        operatorId: app.operator.id,
        createdAt: app.now(),
      })
      .returning({ id: signals.id }),
    auditStatement(app, app.operator, {
      action: "member.vulnerable",
      targetType: "member",
      targetId: member.id,
      after: { signal: "operator", conversation: input.conversation, note },
    }),
  ]);
  await warnInConversations(app, { memberId: member.id, signalId: signal!.id });
  return { signal: signal!.id };
}

/** The members with signals nobody reviewed, oldest first, each with their signals. */
export async function vulnerableMembers(app: OperatorContext) {
  authorize(app.operator, "vulnerability.review");
  const rows = await app.db
    .select({
      id: signals.id,
      memberId: signals.memberId,
      name: profiles.name,
      email: users.email,
      kind: signals.kind,
      detail: signals.detail,
      conversationId: signals.conversationId,
      createdAt: signals.createdAt,
    })
    .from(signals)
    .innerJoin(users, eq(users.id, signals.memberId))
    .leftJoin(profiles, eq(profiles.userId, signals.memberId))
    .where(isNull(signals.reviewedAt))
    .orderBy(asc(signals.createdAt))
    .limit(500);
  const members = new Map<number, { memberId: number; name: string; email: string; signals: typeof rows }>();
  for (const row of rows) {
    const member = members.get(row.memberId) ?? {
      memberId: row.memberId,
      name: row.name ?? "",
      email: row.email,
      signals: [],
    };
    member.signals.push(row);
    members.set(row.memberId, member);
  }
  return [...members.values()];
}

/** An operator looked at the member: their open signals are reviewed, which lifts the cap. */
export async function reviewVulnerable(app: OperatorContext, input: { member: number; note: string }) {
  authorize(app.operator, "vulnerability.review");
  const note = input.note.trim().slice(0, 1000);
  const ids = (await app.db.select({ id: signals.id }).from(signals).where(open(input.member))).map((row) => row.id);
  if (!ids.length) return { reviewed: 0 };
  await app.db.batch([
    app.db.update(signals).set({ reviewedAt: app.now(), reviewedBy: app.operator.id }).where(open(input.member)),
    auditStatement(app, app.operator, {
      action: "member.vulnerable_reviewed",
      targetType: "member",
      targetId: input.member,
      before: { open: ids },
      after: { reviewed: ids, note },
    }),
  ]);
  return { reviewed: ids.length };
}
