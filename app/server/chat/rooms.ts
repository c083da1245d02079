// Reaching a conversation's ConversationRoom from the Worker, with what it must
// know: the conversation, its two members and the domain whose prices apply.
// Every door of a conversation (its page, the chat API, its socket, its photos)
// opens it through openConversation, so who may reach it is decided once.
import { and, desc, eq } from "drizzle-orm";
import type { RequestContext } from "#app/context.ts";
import { SOCKET_CLOSE } from "#app/schemas/chat.ts";
import { conversationParticipants, conversations } from "#app/server/db/schema.ts";
import { errorFields } from "#app/server/log.ts";
import type { EndedSessions, RoomMeta } from "#workers/durable-objects/conversation-room.ts";
import { type ConversationSide, markRead, otherParticipant } from "./conversations.ts";

export function roomStub(env: Env, conversationId: number) {
  return env.CONVERSATION_ROOM.get(env.CONVERSATION_ROOM.idFromName(`conversation:${conversationId}`));
}

export interface OpenConversation extends ConversationSide {
  meta: RoomMeta;
  room: ReturnType<typeof roomStub>;
}

/**
 * The conversation, opened for one of its members: only while they take part
 * in it and neither of the two has blocked the other. Otherwise it throws
 * conversation_not_found, exactly as for an id that does not exist.
 */
export async function openConversation(
  app: Pick<RequestContext, "db" | "env" | "domain">,
  memberId: number,
  conversationId: number,
): Promise<OpenConversation> {
  const otherId = await otherParticipant(app.db, conversationId, memberId);
  const meta: RoomMeta = { conversationId, members: [memberId, otherId], domain: app.domain };
  return { conversationId, memberId, otherId, meta, room: roomStub(app.env, conversationId) };
}

/** Reads an open conversation up to `seq` (see markRead) and shows the other member's screens. */
export async function readConversation(
  app: Pick<RequestContext, "db" | "now">,
  conversation: OpenConversation,
  seq: number,
) {
  const marker = await markRead(app, conversation, seq);
  await conversation.room.receipt(conversation.meta, conversation.memberId, marker);
  return marker;
}

/** A block closed the conversation between two members: both members' sockets in its room close now. */
export async function closeConversationBetween(app: Pick<RequestContext, "db" | "env">, a: number, b: number) {
  const [row] = await app.db
    .select({ id: conversations.id })
    .from(conversations)
    .where(and(eq(conversations.memberLow, Math.min(a, b)), eq(conversations.memberHigh, Math.max(a, b))));
  if (row) await roomStub(app.env, row.id).closeAll(SOCKET_CLOSE.conversationClosed);
}

/** Rooms told at once when a member's sessions end; sockets in rooms past these close on their next frame. */
const ROOMS_TOLD = 500;

/**
 * Sessions of a member ended (logout, password change, deletion, ban...):
 * their sockets in the member's rooms close, after the answer. Rooms also
 * notice on a socket's next frame; this makes it immediate.
 */
export function closeEndedSessions(
  app: Pick<RequestContext, "db" | "env" | "ctx" | "log">,
  memberId: number,
  ended: EndedSessions,
) {
  const tell = async () => {
    const rows = await app.db
      .select({ id: conversationParticipants.conversationId })
      .from(conversationParticipants)
      .where(eq(conversationParticipants.userId, memberId))
      .orderBy(desc(conversationParticipants.lastMessageAt))
      .limit(ROOMS_TOLD);
    const results = await Promise.allSettled(rows.map((r) => roomStub(app.env, r.id).endSessions(memberId, ended)));
    const failed = results.filter((r) => r.status === "rejected").length;
    if (failed) app.log.warn("chat sockets of ended sessions not closed", { memberId, failed });
  };
  app.ctx.waitUntil(
    tell().catch((error: unknown) =>
      app.log.warn("chat sockets of ended sessions not closed", { memberId, ...errorFields(error) }),
    ),
  );
}
