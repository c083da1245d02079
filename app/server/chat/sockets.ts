// Closing chat sockets from outside a room: a block closes the pair's
// conversation, and sessions that end (logout, password change, deletion, a
// ban) close their member's sockets, in rooms and in the live signal. Kept
// apart from the rest of chat so that blocking and accounts can reach it
// without depending on conversations.
import { and, desc, eq } from "drizzle-orm";
import { SOCKET_CLOSE } from "#app/schemas/chat.ts";
import type { Database } from "#app/server/db/client.ts";
import { conversationParticipants, conversations } from "#app/server/db/schema.ts";
import { memberSignalStub } from "#app/server/live-signal/signal.ts";
import { errorFields, type Logger } from "#app/server/log.ts";

/** The sessions of a member that ended: one (a logout), or all but one (or all, with null). */
export type EndedSessions = { session: string } | { allBut: string | null };

export function roomStub(env: Env, conversationId: number) {
  return env.CONVERSATION_ROOM.get(env.CONVERSATION_ROOM.idFromName(`conversation:${conversationId}`));
}

/** A block closed the conversation between two members: both members' sockets in its room close now. */
export async function closeConversationBetween(app: { db: Database; env: Env }, a: number, b: number) {
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
  app: { db: Database; env: Env; ctx: ExecutionContext; log: Logger },
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
    const results = await Promise.allSettled([
      // The member's live signal too: those pages stop listening.
      memberSignalStub(app.env, memberId).endSessions(ended),
      ...rows.map((r) => roomStub(app.env, r.id).endSessions(memberId, ended)),
    ]);
    const failed = results.filter((r) => r.status === "rejected").length;
    if (failed) app.log.warn("chat sockets of ended sessions not closed", { memberId, failed });
  };
  app.ctx.waitUntil(
    tell().catch((error: unknown) =>
      app.log.warn("chat sockets of ended sessions not closed", { memberId, ...errorFields(error) }),
    ),
  );
}
