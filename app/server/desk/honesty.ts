// The honesty rule at the desk: a member who asks whether they are talking to
// a real person gets an honest answer before anything else. The question is
// pending while a message of the member since the last honest answer asks it
// (real-person-questions.ts); while it is, the desk pre-fills the honest
// answer — in the member's language, with their site's name — and refuses any
// answer that does not carry it.
import { and, desc, eq } from "drizzle-orm";
import { translator } from "#app/i18n/i18next.server.ts";
import type { ChatMessage } from "#app/schemas/chat.ts";
import { deskReplies } from "#app/server/db/schema.ts";
import type { OperatorContext } from "#app/server/operators/context.ts";
import { asksForRealPerson } from "./real-person-questions.ts";
import type { DeskSides } from "./sides.ts";

/** The honest answer as the member reads it. */
export const honestAnswer = (sides: DeskSides) =>
  translator(sides.member.locale)("chat:operatorAnswer.honest", { site: sides.memberSettings.name });

/** The seq of the last honest answer in the conversation (0: none yet). */
async function lastHonestSeq(app: Pick<OperatorContext, "db">, conversationId: number) {
  const [row] = await app.db
    .select({ seq: deskReplies.seq })
    .from(deskReplies)
    .where(and(eq(deskReplies.conversationId, conversationId), eq(deskReplies.honest, true)))
    .orderBy(desc(deskReplies.seq))
    .limit(1);
  return row?.seq ?? 0;
}

/** Whether the member asked for a real person since the last honest answer, in these (newest) messages. */
export async function realPersonQuestionPending(
  app: Pick<OperatorContext, "db">,
  sides: DeskSides,
  messages: Pick<ChatMessage, "seq" | "senderId" | "kind" | "text">[],
) {
  const since = await lastHonestSeq(app, sides.conversationId);
  return messages.some(
    (m) => m.seq > since && m.senderId === sides.member.id && m.text !== null && asksForRealPerson(m.text),
  );
}

const spaced = (text: string) => text.replace(/\s+/g, " ").trim();

/** Whether an answer carries the honest answer (spacing aside). */
export const carriesHonestAnswer = (text: string, honest: string) => spaced(text).includes(spaced(honest));
