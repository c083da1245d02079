// Recording a chat message in D1: what the sender pays (through the ledger,
// key msg:<sender>:<clientId>) and the message index row, as one batch:
// charged once, never without the message, never negative. The recipient's
// unread count follows behind, once per burst (summary.ts). The rules on what
// a message may carry live here too, so the room only orders and delivers.
import { and, eq, inArray, lte, sql } from "drizzle-orm";
import type { RequestContext } from "#app/context.ts";
import type { OutgoingMessage } from "#app/schemas/chat.ts";
import { sessionEnd } from "#app/server/accounts/session.ts";
import { charge } from "#app/server/credits/ledger.ts";
import { conversationParticipants, creditLedger, messageIndex, profiles, users } from "#app/server/db/schema.ts";
import { DomainError } from "#app/server/errors.ts";
import { listGifts } from "#app/server/likes/gifts.ts";
import { blockedEitherWay } from "#app/server/members/blocks.ts";
import { type MessageKind, messageCost } from "./costs.ts";
import { summarisedSeq } from "./summary.ts";

type SendContext = Pick<RequestContext, "db" | "settings" | "now">;

export interface MessageRecord {
  conversationId: number;
  senderId: number;
  recipientId: number;
  seq: number;
  clientId: string;
  kind: MessageKind;
  preview: string;
  /** Free messages (the first message typed at signup) cost nothing. */
  free?: boolean;
  /** The session the sender sends in (a socket's): refused once it has ended. */
  session?: string;
}

export const messageKey = (senderId: number, clientId: string) => `msg:${senderId}:${clientId}`;

/**
 * What the send rules need to know of the sender, in one query. A message
 * already recorded (paid and indexed while it was allowed; the room lost the
 * answer) is not refused now: finishing it is not a new send.
 */
export async function senderFacts(app: SendContext, record: MessageRecord) {
  const { senderId, recipientId } = record;
  const recorded = eq(messageIndex.id, messageKey(senderId, record.clientId));
  const [facts] = await app.db
    .select({
      status: users.status,
      country: profiles.country,
      blocked: blockedEitherWay(senderId, recipientId),
      session: record.session ? sessionEnd({ id: record.session, userId: senderId }, app.now()) : sql<number>`1`,
      recordedHeld: sql<number | null>`(select ${messageIndex.held} from ${messageIndex} where ${recorded})`,
    })
    .from(users)
    .innerJoin(profiles, eq(profiles.userId, users.id))
    .where(eq(users.id, senderId));
  if (!facts) throw new DomainError("authentication_required");
  if (facts.recordedHeld !== null) return facts;
  if (facts.status === "deleted" || facts.status === "banned" || facts.session === null)
    throw new DomainError("authentication_required");
  // A block closed the conversation: as if it did not exist.
  if (facts.blocked) throw new DomainError("conversation_not_found");
  return facts;
}

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

export type SenderFacts = Awaited<ReturnType<typeof senderFacts>>;

/** Charges and indexes a message, given what senderFacts found (the room asks for both at once). */
export async function recordMessage(app: SendContext, record: MessageRecord, facts: SenderFacts) {
  // Messages of a member who has not confirmed their address wait.
  const held = facts.recordedHeld !== null ? facts.recordedHeld === 1 : facts.status === "not_confirmed";
  const cost = record.free ? 0 : messageCost(app.settings, record.kind, facts.country);
  if (facts.recordedHeld !== null) return { outcome: "already" as const, held, cost, credits: null };
  const key = messageKey(record.senderId, record.clientId);
  const now = app.now();
  const values = {
    id: key,
    conversationId: record.conversationId,
    seq: record.seq,
    senderId: record.senderId,
    kind: record.kind,
    cost,
    held,
    createdAt: now,
    clientId: record.clientId,
    preview: record.preview.slice(0, 120),
  };
  const indexRow =
    cost > 0
      ? // Exists only where its charge does.
        app.db.insert(messageIndex).select(
          app.db
            .select({
              id: sql<string>`${values.id}`.as("id"),
              conversationId: sql<number>`${values.conversationId}`.as("conversation_id"),
              seq: sql<number>`${values.seq}`.as("seq"),
              senderId: sql<number>`${values.senderId}`.as("sender_id"),
              kind: sql<MessageKind>`${values.kind}`.as("kind"),
              cost: sql<number>`${values.cost}`.as("cost"),
              held: sql<boolean>`${held ? 1 : 0}`.as("held"),
              clientId: sql<string>`${values.clientId}`.as("client_id"),
              preview: sql<string>`${values.preview}`.as("preview"),
              createdAt: sql<number>`${now}`.as("created_at"),
            })
            .from(creditLedger)
            .where(eq(creditLedger.idempotencyKey, key)),
        )
      : app.db.insert(messageIndex).values(values);
  try {
    const { outcome, balance } = await charge(
      app.db,
      {
        userId: record.senderId,
        cost,
        reason: record.kind === "photo" ? "photo_message" : record.kind === "gift" ? "gift" : "message",
        idempotencyKey: key,
        now,
      },
      [indexRow],
    );
    return { outcome, held, cost, credits: balance };
  } catch (error) {
    if (isDuplicateMessage(error)) return { outcome: "already" as const, held, cost, credits: null };
    throw error;
  }
}

/**
 * Which of these messages D1 has recorded (paid for where they cost, indexed,
 * counted unread): what a room asks of the rows a crash left pending.
 */
export async function recordedMessages(app: Pick<RequestContext, "db">, keys: string[]) {
  const recorded = new Map<string, { held: boolean; cost: number }>();
  // D1 takes at most 100 bound values per statement.
  for (let i = 0; i < keys.length; i += 100) {
    const rows = await app.db
      .select({ id: messageIndex.id, held: messageIndex.held, cost: messageIndex.cost })
      .from(messageIndex)
      .where(inArray(messageIndex.id, keys.slice(i, i + 100)));
    for (const row of rows) recorded.set(row.id, { held: row.held, cost: row.cost });
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
