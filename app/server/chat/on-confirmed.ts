// When a member confirms their e-mail address, what waited for it is delivered
// at once: their held messages, and the first message they typed at signup.
import { eq } from "drizzle-orm";
import type { RequestContext } from "#app/context.ts";
import { trackingData, users } from "#app/server/db/schema.ts";
import { isDomainError } from "#app/server/errors.ts";
import { startConversation } from "./conversations.ts";
import { openConversation } from "./rooms.ts";
import { conversationsOf } from "./send-message.ts";

type Context = Pick<RequestContext, "db" | "env" | "domain" | "settings" | "now" | "log" | "locale">;

export async function deliverOnConfirmation(app: Context, memberId: number) {
  // Each room knows what it holds; one that holds nothing answers at once.
  for (const conversationId of await conversationsOf(app, memberId)) {
    // A conversation a block has closed keeps them: nothing reaches the other member.
    const opened = await openConversation(app, memberId, conversationId).catch((error: unknown) => {
      if (isDomainError(error) && error.code === "conversation_not_found") return null;
      throw error;
    });
    if (opened) await opened.room.release(opened.meta, memberId);
  }
  const [signup] = await app.db
    .select({ message: trackingData.signupMessage, target: trackingData.signupTargetId, paid: users.paidUser })
    .from(trackingData)
    .innerJoin(users, eq(users.id, trackingData.userId))
    .where(eq(trackingData.userId, memberId));
  if (!signup?.message || !signup.target) return;
  try {
    const conversationId = await startConversation(app, { id: memberId, paidUser: signup.paid }, signup.target);
    const { room, meta } = await openConversation(app, memberId, conversationId);
    // The message typed before signing up is delivered free, once (its client id is fixed).
    await room.send(
      meta,
      memberId,
      { kind: "text", clientId: `signup-${memberId}`, text: signup.message },
      {
        locale: app.locale,
        free: true,
      },
    );
  } catch (error) {
    if (!isDomainError(error)) throw error;
    app.log.warn("signup message not delivered", { memberId, code: error.code });
  }
}
