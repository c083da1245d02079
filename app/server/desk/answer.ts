// An operator's answer as a fictional profile: it goes through the same room
// as any message of that profile (delivered live, counted unread, pushed and
// mailed like any message), free of charge, under the client id the desk's
// form carries so that a double post sends once. After the room's "sent", the
// reply row (who wrote it, and whether it was the honest answer) and its audit
// row are written in one batch; the reply row's (conversation, seq) key and
// the audit row's guard keep both once when the same answer is posted again.
import { sql } from "drizzle-orm";
import { deskReplies } from "#app/server/db/schema.ts";
import { DomainError } from "#app/server/errors.ts";
import { auditStatementIf } from "#app/server/operators/audit.ts";
import type { OperatorContext } from "#app/server/operators/context.ts";
import { authorize } from "#app/server/operators/roles.ts";
import { requireClaim } from "./claims.ts";
import { carriesHonestAnswer, honestAnswer, realPersonQuestionPending } from "./honesty.ts";
import { deskSides } from "./sides.ts";

export interface DeskAnswer {
  conversation: number;
  clientId: string;
  text: string;
}

export async function answerAsFictional(app: OperatorContext, input: DeskAnswer) {
  authorize(app.operator, "desk");
  const sides = await deskSides(app, input.conversation);
  await requireClaim(app, input.conversation);
  const text = input.text.trim();
  if (!text) throw new DomainError("invalid_input");
  const max = sides.memberSettings.message_length;
  if (text.length > max) throw new DomainError("message_too_long", { max });
  const recent = await sides.room.history(sides.fictional.id, {});
  const honest = carriesHonestAnswer(text, honestAnswer(sides));
  if (!honest && recent.type === "messages" && (await realPersonQuestionPending(app, sides, recent.messages))) {
    throw new DomainError("desk_honest_answer_required");
  }
  const frame = await sides.room.send(
    sides.meta,
    sides.fictional.id,
    { kind: "text", clientId: input.clientId, text },
    { locale: sides.member.locale, free: true },
  );
  if (frame.type === "error") throw new DomainError(frame.code);
  if (frame.type !== "sent") throw new Error(`the room answered ${frame.type} to an answer`);
  const { seq } = frame.message;
  await app.db.batch([
    app.db
      .insert(deskReplies)
      .values({
        conversationId: input.conversation,
        seq,
        fictionalId: sides.fictional.id,
        operatorId: app.operator.id,
        honest,
        createdAt: app.now(),
      })
      .onConflictDoNothing(),
    // Only when this post wrote the reply row: a repeated post leaves the trail as it was.
    auditStatementIf(
      app,
      app.operator,
      {
        action: "desk.answer",
        targetType: "conversation",
        targetId: input.conversation,
        after: { seq, fictional: sides.fictional.id, member: sides.member.id, honest },
      },
      sql`changes() = 1`,
    ),
  ]);
  return { seq, honest };
}
