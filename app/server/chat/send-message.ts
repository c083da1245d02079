// Recording a chat message in D1: what the sender pays (through the ledger,
// key msg:<sender>:<clientId>) and the message index row, as one batch:
// charged once, never without the message, never negative. The recipient's
// unread count follows behind, once per burst (summary.ts). The rules on what
// a message may carry live here too, so the room only orders and delivers.
import { and, eq, exists, lte, notInArray, or, sql } from "drizzle-orm";
import type { RequestContext } from "#app/context.ts";
import type { OutgoingMessage } from "#app/schemas/chat.ts";
import { sessionEnd } from "#app/server/accounts/session.ts";
import { booked, chargeStatements } from "#app/server/credits/ledger.ts";
import { conversationParticipants, messageIndex, profiles, users } from "#app/server/db/schema.ts";
import { DomainError } from "#app/server/errors.ts";
import { listGifts } from "#app/server/likes/gifts.ts";
import { blockedEitherWay, notBlockedWith } from "#app/server/members/blocks.ts";
import { type MessageKind, messageCostSql } from "./costs.ts";
import { claimChatPhoto, unsentChatPhoto } from "./photo-claims.ts";
import { summarisedSeq } from "./summary.ts";

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

const isDuplicateMessage = (error: unknown) =>
  String(error).includes("UNIQUE") &&
  (String(error).includes("message_index") || String(error).includes("idempotency_key"));

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

/**
 * Charges and indexes a message in one batch, with the send rules checked
 * inside it (an account neither deleted nor banned, its session alive, no block
 * either way, the balance), so one round trip decides. Held (not confirmed
 * senders) and the price (by the sender's country) are worked out there too.
 * A message recorded before (the room lost the answer) is "already": finishing
 * it is not a new send, so it is neither refused nor charged again.
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
    now,
  });
  // Exists only where its charge does, or where it costs nothing and the rules allow it.
  const indexed = app.db.insert(messageIndex).select(
    app.db
      .select({
        conversationId: sql<number>`${record.conversationId}`.as("conversation_id"),
        seq: sql<number>`${record.seq}`.as("seq"),
        senderId: sql<number>`${senderId}`.as("sender_id"),
        kind: sql<MessageKind>`${record.kind}`.as("kind"),
        cost: sql<number>`${cost}`.as("cost"),
        held: sql<boolean>`${users.status} = 'not_confirmed'`.as("held"),
        clientId: sql<string>`${record.clientId}`.as("client_id"),
        preview: sql<string>`${record.preview}`.as("preview"),
        createdAt: sql<number>`${now}`.as("created_at"),
      })
      .from(users)
      .where(and(eq(users.id, senderId), or(booked(key), and(sql`${cost} = 0`, maySend)))),
  );
  const thisMessage = isMessage(record);
  const recordedAs = (column: "held" | "cost") =>
    sql<number | null>`(select ${messageIndex[column]} from ${messageIndex} where ${thisMessage})`;
  const facts = app.db
    .select({
      status: users.status,
      session,
      blocked: blockedEitherWay(senderId, recipientId),
      // Named: D1 answers a batch's rows by column name, and `session` may be a bare 1 as well.
      photoUnsent: sql<number>`${photoUnsent}`.as("photo_unsent"),
      credits: users.credits,
      held: recordedAs("held"),
      cost: recordedAs("cost"),
    })
    .from(users)
    .where(eq(users.id, senderId));
  try {
    // The message claims its photo: off the record in the same batch, and only if it was indexed.
    const claim = record.photo
      ? [
          claimChatPhoto(
            app.db,
            record.photo,
            exists(app.db.select({ one: sql`1` }).from(messageIndex).where(thisMessage)),
          ),
        ]
      : [];
    const [, paid, written, [after]] = await app.db.batch([charged, balance, indexed, facts, ...claim]);
    if ((written as D1Result).meta.changes !== 1) throw refusal(after);
    return {
      outcome: "charged" as const,
      held: after!.held === 1,
      cost: after!.cost ?? 0,
      credits: paid[0]?.credits ?? after!.credits,
    };
  } catch (error) {
    if (!isDuplicateMessage(error)) throw error;
    const [row] = await app.db
      .select({ held: messageIndex.held, cost: messageIndex.cost })
      .from(messageIndex)
      .where(thisMessage);
    // Its charge is booked but its seq holds another message: not this send's to finish.
    if (!row) throw error;
    return { outcome: "already" as const, held: row.held, cost: row.cost, credits: null };
  }
}

/** SQL: the index row of this very message (its seq, sent by this sender under this client id). */
const isMessage = (message: Pick<MessageRecord, "conversationId" | "seq" | "senderId" | "clientId">) =>
  and(
    eq(messageIndex.conversationId, message.conversationId),
    eq(messageIndex.seq, message.seq),
    eq(messageIndex.senderId, message.senderId),
    eq(messageIndex.clientId, message.clientId),
  );

/**
 * Which of these messages of a conversation D1 has recorded (paid for where
 * they cost, indexed), by seq: what a room asks of the rows a crash left pending.
 */
export async function recordedMessages(
  app: Pick<RequestContext, "db">,
  conversationId: number,
  messages: { seq: number; senderId: number; clientId: string }[],
) {
  const recorded = new Map<number, { held: boolean; cost: number }>();
  // D1 takes at most 100 bound values per statement.
  for (let i = 0; i < messages.length; i += 25) {
    const rows = await app.db
      .select({ seq: messageIndex.seq, held: messageIndex.held, cost: messageIndex.cost })
      .from(messageIndex)
      .where(or(...messages.slice(i, i + 25).map((m) => isMessage({ conversationId, ...m }))));
    for (const row of rows) recorded.set(row.seq, { held: row.held, cost: row.cost });
  }
  return recorded;
}

/** Held messages of a member who just confirmed their address, per conversation. */
export async function heldConversations(app: Pick<RequestContext, "db">, senderId: number) {
  const rows = await app.db
    .selectDistinct({ conversationId: messageIndex.conversationId })
    .from(messageIndex)
    .where(and(eq(messageIndex.senderId, senderId), eq(messageIndex.held, true)));
  return rows.map((r) => r.conversationId);
}

/**
 * Delivers a conversation's held messages in D1: not held any more, and counted
 * unread for the recipient where the summary has passed them already (it counts
 * the later ones itself once they are released; see summary.ts).
 */
export async function releaseHeldInIndex(
  app: Pick<RequestContext, "db" | "now">,
  conversationId: number,
  senderId: number,
  recipientId: number,
) {
  const held = and(
    eq(messageIndex.conversationId, conversationId),
    eq(messageIndex.senderId, senderId),
    eq(messageIndex.held, true),
  );
  const [rows] = await app.db.batch([
    app.db.select({ n: sql<number>`count(*)` }).from(messageIndex).where(held),
    app.db
      .update(conversationParticipants)
      .set({
        unreadCount: sql`${conversationParticipants.unreadCount} + (select count(*) from ${messageIndex} where ${held} and ${lte(messageIndex.seq, summarisedSeq(conversationId))})`,
        lastMessageAt: app.now(),
        hiddenAt: null,
      })
      .where(
        and(
          eq(conversationParticipants.conversationId, conversationId),
          eq(conversationParticipants.userId, recipientId),
        ),
      ),
    app.db.update(messageIndex).set({ held: false }).where(held),
  ]);
  return rows[0]?.n ?? 0;
}
