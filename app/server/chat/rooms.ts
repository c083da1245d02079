// Reaching a conversation's ConversationRoom from the Worker, with what it must
// know: the conversation, its two members and the domain whose prices apply.
import type { RequestContext } from "#app/context.ts";
import type { RoomMeta } from "#workers/durable-objects/conversation-room.ts";
import { otherParticipant } from "./conversations.ts";

export function roomStub(env: Env, conversationId: number) {
  return env.CONVERSATION_ROOM.get(env.CONVERSATION_ROOM.idFromName(`conversation:${conversationId}`));
}

/** The room of a conversation the member belongs to; throws conversation_not_found otherwise. */
export async function memberRoom(
  app: Pick<RequestContext, "db" | "env" | "domain">,
  memberId: number,
  conversationId: number,
) {
  const otherId = await otherParticipant(app.db, conversationId, memberId);
  const meta: RoomMeta = { conversationId, members: [memberId, otherId], domain: app.domain };
  return { room: roomStub(app.env, conversationId), meta, otherId };
}
