// Reaching a conversation's ConversationRoom from the Worker, with what it must
// know: the conversation and its two members. (What a message costs the room
// asks of the sender's own domain, never of the host it came through.)
// Every door of a conversation (its page, the chat API, its socket, its photos)
// opens it through openConversation, so who may reach it is decided once.
import type { RequestContext } from "#app/context.ts";
import { DomainError } from "#app/server/errors.ts";
import { type ConversationSide, conversationMembers } from "./conversations.ts";
import type { RoomMeta } from "./room-meta.ts";
import { roomStub } from "./sockets.ts";

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
  app: Pick<RequestContext, "db" | "env">,
  memberId: number,
  conversationId: number,
): Promise<OpenConversation> {
  const { otherId, facts } = await conversationMembers(app.db, conversationId, memberId);
  const meta: RoomMeta = { conversationId, members: [memberId, otherId], facts };
  return { conversationId, memberId, otherId, meta, room: roomStub(app.env, conversationId) };
}

/** Reads an open conversation up to `seq` (the room keeps read marks) and shows the other member's screens. */
export async function readConversation(conversation: OpenConversation, seq: number) {
  const mark = await conversation.room.read(conversation.meta, conversation.memberId, seq);
  // Past the newest message the member can see.
  if (mark === null) throw new DomainError("invalid_input");
  return mark;
}
