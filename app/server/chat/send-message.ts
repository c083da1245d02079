// Recording a chat message in D1 (issue 5): what the sender pays (through the
// ledger, key msg:<sender>:<clientId>), the message index row and the
// recipient's unread count, as one batch: charged once, never without the
// message, never negative. At most four rows written per message: ledger,
// balance, index, recipient's participant row.
import { and, eq, sql } from "drizzle-orm";
import type { RequestContext } from "#app/context.ts";
import { charge } from "#app/server/credits/ledger.ts";
import {
  blocks,
  conversationParticipants,
  creditLedger,
  messageIndex,
  profiles,
  users,
} from "#app/server/db/schema.ts";
import { DomainError } from "#app/server/errors.ts";
import { type MessageKind, messageCost } from "./costs.ts";

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
}

export const messageKey = (senderId: number, clientId: string) => `msg:${senderId}:${clientId}`;

/** What the send rules need to know of the sender, in one query. */
async function senderFacts(app: SendContext, senderId: number, recipientId: number) {
  const [facts] = await app.db
    .select({
      status: users.status,
      credits: users.credits,
      country: profiles.country,
      blocked: sql<number>`exists (select 1 from ${blocks} where (${blocks.blockerId} = ${senderId} and ${blocks.blockedId} = ${recipientId}) or (${blocks.blockerId} = ${recipientId} and ${blocks.blockedId} = ${senderId}))`,
    })
    .from(users)
    .innerJoin(profiles, eq(profiles.userId, users.id))
    .where(eq(users.id, senderId));
  if (!facts || facts.status === "deleted" || facts.status === "banned")
    throw new DomainError("authentication_required");
  if (facts.blocked) throw new DomainError("blocked");
  return facts;
}

const isDuplicateMessage = (error: unknown) =>
  String(error).includes("UNIQUE") &&
  (String(error).includes("message_index") || String(error).includes("idempotency_key"));

export async function recordMessage(app: SendContext, record: MessageRecord) {
  const facts = await senderFacts(app, record.senderId, record.recipientId);
  // Messages of a member who has not confirmed their address wait (spec §4).
  const held = facts.status === "not_confirmed";
  const cost = record.free ? 0 : messageCost(app.settings, record.kind, facts.country);
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
  const recipient = app.db
    .update(conversationParticipants)
    .set({
      unreadCount: sql`${conversationParticipants.unreadCount} + 1`,
      lastMessageAt: now,
      hiddenAt: null,
    })
    .where(
      and(
        eq(conversationParticipants.conversationId, record.conversationId),
        eq(conversationParticipants.userId, record.recipientId),
        sql`exists (select 1 from ${messageIndex} where ${messageIndex.id} = ${key} and ${messageIndex.held} = 0)`,
      ),
    );
  try {
    const outcome = await charge(
      app.db,
      {
        userId: record.senderId,
        cost,
        reason: record.kind === "photo" ? "photo_message" : record.kind === "gift" ? "gift" : "message",
        idempotencyKey: key,
        now,
      },
      [indexRow, recipient],
    );
    return { outcome, held, cost, credits: outcome === "charged" ? facts.credits - cost : null };
  } catch (error) {
    if (isDuplicateMessage(error)) return { outcome: "already" as const, held, cost, credits: null };
    throw error;
  }
}

/** Held messages of a member who just confirmed their address, per conversation. */
export async function heldConversations(app: Pick<RequestContext, "db">, senderId: number) {
  const rows = await app.db
    .selectDistinct({ conversationId: messageIndex.conversationId })
    .from(messageIndex)
    .where(and(eq(messageIndex.senderId, senderId), eq(messageIndex.held, true)));
  return rows.map((r) => r.conversationId);
}

/** Delivers a conversation's held messages in D1: not held any more, counted unread for the recipient. */
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
        unreadCount: sql`${conversationParticipants.unreadCount} + (select count(*) from ${messageIndex} where ${held})`,
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
