// Which member sent a message another member received: a report or a notice
// about a message names its sender. The conversation's room keeps its
// messages and answers; D1 only says who takes part.
import { and, eq, sql } from "drizzle-orm";
import type { RequestContext } from "#app/context.ts";
import { conversationParticipants } from "#app/server/db/schema.ts";
import { roomStub } from "./sockets.ts";

/** The sender of message `seq` that `recipientId` received in a conversation they take part in; else null. */
export async function senderOfReceivedMessage(
  app: Pick<RequestContext, "db" | "env">,
  conversationId: number,
  seq: number,
  recipientId: number,
): Promise<number | null> {
  const [takesPart] = await app.db
    .select({ one: sql<number>`1` })
    .from(conversationParticipants)
    .where(
      and(
        eq(conversationParticipants.conversationId, conversationId),
        eq(conversationParticipants.userId, recipientId),
      ),
    );
  if (!takesPart) return null;
  return roomStub(app.env, conversationId).senderSeenBy(seq, recipientId);
}
