// Recording a chat message in D1: what the sender pays, through the ledger
// under the key msg:<sender>:<clientId>, in one batch with the send rules:
// charged once, never negative. The message itself lives in its room; the
// conversation's summary follows behind, once per burst (summary.ts). The
// rules on what a message may carry live here too, so the room only orders,
// keeps and delivers.
import { and, eq, inArray, notInArray, sql } from "drizzle-orm";
import type { RequestContext } from "#app/context.ts";
import type { OutgoingMessage } from "#app/schemas/chat.ts";
import { sessionEnd } from "#app/server/accounts/session.ts";
import { booked, bookedDelta, chargeStatements, isDuplicateBooking } from "#app/server/credits/ledger.ts";
import { conversationParticipants, creditLedger, profiles, users } from "#app/server/db/schema.ts";
import { DomainError } from "#app/server/errors.ts";
import { listGifts } from "#app/server/likes/gifts.ts";
import { blockedEitherWay, notBlockedWith } from "#app/server/members/blocks.ts";
import { type MessageKind, messageCostSql } from "./costs.ts";
import { claimChatPhoto, unsentChatPhoto } from "./photo-claims.ts";

type SendContext = Pick<RequestContext, "db" | "settings" | "now">;

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

const messageKey = (senderId: number, clientId: string) => `msg:${senderId}:${clientId}`;

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

/** Why a send that recorded nothing was refused, from the sender's facts the same batch read. */
function refusal(facts: { status: string; session: number | null; blocked: number; photoUnsent: number } | undefined) {
  if (!facts || CLOSED_ACCOUNTS.some((status) => status === facts.status) || facts.session === null)
    return new DomainError("authentication_required");
  // A block closed the conversation: as if it did not exist.
  if (facts.blocked) return new DomainError("conversation_not_found");
  if (!facts.photoUnsent) return new DomainError("photo_not_found");
  return new DomainError("insufficient_credits");
}

/** The ledger's note on a message's charge: the conversation it paid for (a day's paid messages are counted by it). */
export const chargeNote = (conversationId: number) => `conversation ${conversationId}`;

/**
 * Charges a message in one batch, with the send rules checked inside it (an
 * account neither deleted nor banned, its session alive, no block either way,
 * the balance), so one round trip decides. Held (not confirmed senders) and
 * the price (by the sender's country) are worked out there too. The message
 * itself stays in its room; D1 books only what it cost. A message charged
 * before (the room lost the answer) is "already": finishing it is not a new
 * send, so it is neither refused nor charged again.
 */
export async function recordMessage(app: SendContext, record: MessageRecord) {
  const { senderId, recipientId } = record;
  const key = messageKey(senderId, record.clientId);
  const now = app.now();
  const session = record.session ? sessionEnd({ id: record.session, userId: senderId }, now) : sql<number>`1`;
  const photoUnsent = record.photo ? unsentChatPhoto(record.photo, now) : sql<number>`1`;
  const maySend = and(
    notInArray(users.status, [...CLOSED_ACCOUNTS]),
    sql`${session} is not null`,
    notBlockedWith(senderId, recipientId),
    sql`${photoUnsent}`,
  );
  const country = sql<string>`(select ${profiles.country} from ${profiles} where ${profiles.userId} = ${users.id})`;
  const cost = record.free ? sql<number>`0` : messageCostSql(app.settings, record.kind, country);
  const reason = record.kind === "photo" ? "photo_message" : record.kind === "gift" ? "gift" : "message";
  const [charged, balance] = chargeStatements(app.db, {
    userId: senderId,
    cost,
    onlyIf: maySend,
    reason,
    idempotencyKey: key,
    note: chargeNote(record.conversationId),
    now,
  });
  // Sent: charged, or free and allowed (a free message books nothing).
  const sent = sql`(${booked(key)} or (${cost} = 0 and ${maySend}))`;
  const facts = app.db
    .select({
      status: users.status,
      // Named, as every expression here: D1 answers a batch's rows as objects, and a column named
      // "1" (a bare 1) would come first in its keys, moving every value after it one place on.
      session: sql<number | null>`${session}`.as("session_until"),
      blocked: sql<number>`${blockedEitherWay(senderId, recipientId)}`.as("blocked"),
      photoUnsent: sql<number>`${photoUnsent}`.as("photo_unsent"),
      credits: users.credits,
      sent: sql<number>`${sent}`.as("sent"),
      cost: sql<number>`coalesce(-${bookedDelta(key)}, 0)`.as("cost"),
    })
    .from(users)
    .where(eq(users.id, senderId));
  try {
    // The message claims its photo: off the record in the same batch, and only if it is sent.
    const claim = record.photo
      ? [
          claimChatPhoto(
            app.db,
            record.photo,
            sql`exists (select 1 from ${users} where ${users.id} = ${senderId} and ${sent})`,
          ),
        ]
      : [];
    const [, paid, [after]] = await app.db.batch([charged, balance, facts, ...claim]);
    if (!after?.sent) throw refusal(after);
    return {
      outcome: "charged" as const,
      held: after.status === "not_confirmed",
      cost: after.cost,
      credits: paid[0]?.credits ?? after.credits,
    };
  } catch (error) {
    if (!isDuplicateBooking(error)) throw error;
    const [state] = await chargedMessages(app, senderId, [record.clientId]);
    return { outcome: "already" as const, held: state?.held ?? false, cost: state?.cost ?? 0, credits: null };
  }
}

/**
 * Which of a sender's messages D1 has charged (by client id), and whether the
 * sender still waits to confirm their address (their messages are held): what
 * a room asks of the rows a crash left pending. A free message books nothing,
 * so it is never found here; its send is simply tried again.
 */
export async function chargedMessages(app: Pick<RequestContext, "db">, senderId: number, clientIds: string[]) {
  const charged: { clientId: string; cost: number; held: boolean }[] = [];
  // D1 takes at most 100 bound values per statement.
  for (let i = 0; i < clientIds.length; i += 50) {
    const keys = clientIds.slice(i, i + 50).map((id) => messageKey(senderId, id));
    const rows = await app.db
      .select({ key: creditLedger.idempotencyKey, delta: creditLedger.delta, status: users.status })
      .from(creditLedger)
      .innerJoin(users, eq(users.id, creditLedger.userId))
      .where(inArray(creditLedger.idempotencyKey, keys));
    for (const row of rows)
      charged.push({
        clientId: row.key.slice(messageKey(senderId, "").length),
        cost: -row.delta,
        held: row.status === "not_confirmed",
      });
  }
  return charged;
}

/** The conversations of a member who just confirmed their address: their rooms deliver what they held. */
export async function conversationsOf(app: Pick<RequestContext, "db">, memberId: number) {
  const rows = await app.db
    .select({ conversationId: conversationParticipants.conversationId })
    .from(conversationParticipants)
    .where(eq(conversationParticipants.userId, memberId));
  return rows.map((r) => r.conversationId);
}
