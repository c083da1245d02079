// Where the member goes back to after a purchase. A purchase started from a
// conversation (the "buy credits" alert under a refused message) returns to
// that conversation, so the member can send what they typed. The path travels
// in the URL (`?return=`), so it is checked each time it is read: only the
// shape `/chats/<id>` of a conversation the member takes part in is accepted,
// anything else is dropped and the member gets the usual links. It can never
// point at another site or another member's conversation.
import { z } from "zod";
import type { RequestContext } from "#app/context.ts";
import { otherParticipant } from "#app/server/chat/conversations.ts";
import { isDomainError } from "#app/server/errors.ts";

const conversationPath = z.string().regex(/^\/chats\/[1-9]\d{0,11}$/);

/** The return path if it is one of the member's own conversations, otherwise null. */
export async function returnToConversation(
  app: Pick<RequestContext, "db">,
  memberId: number,
  raw: unknown,
): Promise<string | null> {
  const parsed = conversationPath.safeParse(raw);
  if (!parsed.success) return null;
  const conversationId = Number(parsed.data.slice("/chats/".length));
  try {
    await otherParticipant(app.db, conversationId, memberId);
    return parsed.data;
  } catch (error) {
    if (isDomainError(error)) return null;
    throw error;
  }
}

/** The return path read from a page's own address (`?return=`), checked. */
export const returnFromUrl = (app: Pick<RequestContext, "db">, memberId: number, url: string) =>
  returnToConversation(app, memberId, new URL(url).searchParams.get("return"));
