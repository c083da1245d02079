// Sending a chat message: the send rules and the price are read from D1 in
// one round trip, then the sender's wallet charges the message under the key
// msg:<sender>:<clientId>: once, never below zero, and never after the room
// gave that key up (a crash's pending row, settled by room-storage.ts). The
// message itself lives in its room; the conversation's summary and D1's copy
// of the balance follow behind, once per burst (summary.ts). The rules on what
// a message may carry live here too, so the room only orders, keeps and delivers.
import { and, eq, notInArray, sql } from "drizzle-orm";
import type { RequestContext } from "#app/context.ts";
import type { OutgoingMessage } from "#app/schemas/chat.ts";
import { sessionEnd } from "#app/server/accounts/session.ts";
import { applyMovements } from "#app/server/credits/movements.ts";
import { walletOf } from "#app/server/credits/wallet.ts";
import { conversationParticipants, creditLedger, profiles, users } from "#app/server/db/schema.ts";
import { DomainError } from "#app/server/errors.ts";
import { listGifts } from "#app/server/likes/gifts.ts";
import { blockedEitherWay } from "#app/server/members/blocks.ts";
import { type MessageKind, messageCostSql } from "./costs.ts";
import { claimChatPhoto, unsentChatPhoto } from "./photo-claims.ts";

type SendContext = Pick<RequestContext, "db" | "env" | "settings" | "now">;

export interface MessageRecord {
  conversationId: number;
  senderId: number;
  recipientId: number;
  seq: number;
  clientId: string;
  kind: MessageKind;
  /** As previewOf (room-storage.ts) gives it. */
  preview: string;
  /** Free messages (the first message typed at signup) cost nothing. */
  free?: boolean;
  /** The session the sender sends in (a socket's): refused once it has ended. */
  session?: string;
  /** A photo message's file (chat/photos.ts): sent only while its upload is on record, which this send ends. */
  photo?: string | null;
}

/** The wallet's key of a message's charge. */
export const messageKey = (senderId: number, clientId: string) => `msg:${senderId}:${clientId}`;

/** What a message carries, checked against the domain's rules, as the room stores it. */
export async function messageContent(
  app: Pick<RequestContext, "db" | "settings">,
  conversationId: number,
  message: OutgoingMessage,
) {
  if (message.kind === "text") {
    // However long: the limit is the domain's, told to the sender.
    if (message.text.length > app.settings.message_length) {
      throw new DomainError("message_too_long", { max: app.settings.message_length });
    }
    return { body: message.text, gift: null, photo: null };
  }
  if (message.kind === "gift") {
    const gift = (await listGifts(app)).find((g) => g.id === message.giftId);
    if (!gift) throw new DomainError("gift_not_found");
    return { body: null, gift: gift.slug, photo: null };
  }
  // Chat photos are uploaded for this conversation only.
  if (!message.photo.startsWith(`c/${conversationId}/`)) throw new DomainError("photo_not_found");
  return { body: null, gift: null, photo: message.photo };
}

/** Accounts that may send nothing, whatever their sessions. */
const CLOSED_ACCOUNTS = ["deleted", "banned"] as const;

/** The ledger's note on a message's charge: the conversation it paid for (a day's paid messages are counted by it). */
export const chargeNote = (conversationId: number) => `conversation ${conversationId}`;

/**
 * Everything a send is decided on, read in one statement: the sender's
 * account and session, a block either way, the photo still unsent, the price
 * (by the sender's country) and whether credit movements of theirs wait to be
 * applied to their wallet.
 */
function sendFacts(app: SendContext, record: MessageRecord, now: number) {
  const { senderId, recipientId } = record;
  const session = record.session ? sessionEnd({ id: record.session, userId: senderId }, now) : sql<number>`1`;
  const country = sql<string>`(select ${profiles.country} from ${profiles} where ${profiles.userId} = ${users.id})`;
  const cost = record.free ? sql<number>`0` : messageCostSql(app.settings, record.kind, country);
  return app.db
    .select({
      status: users.status,
      // Named, as every expression here: D1 answers rows as objects, and a column named
      // "1" (a bare 1) would come first in its keys, moving every value after it one place on.
      session: sql<number | null>`${session}`.as("session_until"),
      blocked: sql<number>`${blockedEitherWay(senderId, recipientId)}`.as("blocked"),
      photoUnsent: sql<number>`${record.photo ? unsentChatPhoto(record.photo, now) : sql`1`}`.as("photo_unsent"),
      cost: sql<number>`${cost}`.as("cost"),
      unapplied:
        sql<number>`exists (select 1 from ${creditLedger} where ${creditLedger.userId} = ${senderId} and ${creditLedger.appliedAt} is null)`.as(
          "unapplied",
        ),
    })
    .from(users)
    .where(and(eq(users.id, senderId), notInArray(users.status, [...CLOSED_ACCOUNTS])));
}

/** Why a send may not go, in the order the sender is told; null when it may. */
function refusal(facts: { session: number | null; blocked: number; photoUnsent: number } | undefined) {
  if (!facts || facts.session === null) return new DomainError("authentication_required");
  // A block closed the conversation: as if it did not exist.
  if (facts.blocked) return new DomainError("conversation_not_found");
  if (!facts.photoUnsent) return new DomainError("photo_not_found");
  return null;
}

/** The key under which a photo message's charge is given back (its photo was gone once charged). */
const photoBackKey = (senderId: number, clientId: string) => `msg-photo-back:${senderId}:${clientId}`;

const reasonOf = (kind: MessageKind) => (kind === "photo" ? "photo_message" : kind === "gift" ? "gift" : "message");

/**
 * Sends a message's charge: the rules from D1 (an account neither deleted nor
 * banned, its session alive, no block either way, a photo still unsent), then
 * the sender's wallet, with whatever D1 recorded for them (a purchase a moment
 * ago) applied first. Held (not confirmed senders) and the price come from the
 * same read. A message charged before (the room lost the answer) is "already":
 * finishing it is not a new send, so it is neither refused nor charged again.
 * `wallet` is the balance the wallet answered, for D1's copy behind the answer.
 */
export async function recordMessage(app: SendContext, record: MessageRecord) {
  const { senderId } = record;
  const key = messageKey(senderId, record.clientId);
  const now = app.now();
  const [facts] = await sendFacts(app, record, now);
  const held = facts?.status === "not_confirmed";
  const refused = refusal(facts);
  if (refused || !facts) {
    // A retry of a message charged before its answer was lost: the rules read now (its photo claimed) do not undo it.
    const before = await chargedBefore(app, record);
    if (!before) throw refused;
    return { outcome: "already" as const, held, cost: before.cost, credits: null, wallet: null };
  }
  const applied = facts.unapplied ? await applyMovements(app, senderId) : null;
  if (facts.cost <= 0) {
    await claimPhoto(app, record, null);
    const wallet = applied && { balance: applied.balance, version: applied.version };
    return { outcome: "charged" as const, held, cost: 0, credits: wallet?.balance ?? null, wallet };
  }
  const answer = await walletOf(app.env, senderId).charge({
    key,
    amount: facts.cost,
    reason: reasonOf(record.kind),
    note: chargeNote(record.conversationId),
    now,
  });
  if (answer.outcome === "insufficient") throw new DomainError("insufficient_credits");
  // The room gave this message up after a crash: nothing was delivered nor charged, and it stays so.
  // Not "retry", which the client answers with the same message again: the text goes back to the sender.
  if (answer.outcome === "void") throw new DomainError("message_given_up");
  const wallet = { balance: answer.balance, version: answer.version };
  if (answer.outcome === "charged") await claimPhoto(app, record, key);
  else if (record.photo) await claimChatPhoto(app.db, record.photo).run();
  return {
    outcome: answer.outcome,
    held,
    cost: answer.outcome === "charged" ? facts.cost : -(answer.delta ?? 0),
    credits: answer.outcome === "charged" ? answer.balance : null,
    wallet,
  };
}

/** What the sender's wallet charged for this message before (not given back), or null. */
async function chargedBefore(app: SendContext, record: MessageRecord) {
  if (record.free) return null;
  const key = messageKey(record.senderId, record.clientId);
  const [charged, givenBack] = await walletOf(app.env, record.senderId).lookup([
    key,
    photoBackKey(record.senderId, record.clientId),
  ]);
  if (charged?.state !== "booked" || givenBack?.state !== "unknown") return null;
  return { cost: -charged.delta };
}

/**
 * A sent photo message takes its photo off the record, so the hourly job
 * leaves the file. The rules read found it unsent a moment before; should the
 * record have gone since (the hourly job took it, and the file with it), the
 * message is refused and its charge under `key` given back whole.
 */
async function claimPhoto(app: SendContext, record: MessageRecord, key: string | null) {
  if (!record.photo) return;
  const claimed = await claimChatPhoto(app.db, record.photo).run();
  if (claimed.meta.changes > 0) return;
  if (key)
    await walletOf(app.env, record.senderId).giveBack({
      key: photoBackKey(record.senderId, record.clientId),
      of: [key],
      reason: "refund",
      note: chargeNote(record.conversationId),
      now: app.now(),
    });
  throw new DomainError("photo_not_found");
}

/** The conversations of a member who just confirmed their address: their rooms deliver what they held. */
export async function conversationsOf(app: Pick<RequestContext, "db">, memberId: number) {
  const rows = await app.db
    .select({ conversationId: conversationParticipants.conversationId })
    .from(conversationParticipants)
    .where(eq(conversationParticipants.userId, memberId));
  return rows.map((r) => r.conversationId);
}

/** Whether the sender still waits to confirm their address (their messages are held), as D1 says. */
export async function senderHeld(app: Pick<RequestContext, "db">, senderId: number) {
  const [row] = await app.db.select({ status: users.status }).from(users).where(eq(users.id, senderId));
  return row?.status === "not_confirmed";
}
