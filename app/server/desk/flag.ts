// A member who seems vulnerable, flagged from the desk: the signal is the
// fictional capability's (it caps their paid messages until a moderator has
// looked); the desk only says which member of the conversation it is about.
import { flagVulnerable } from "#app/server/fictional/vulnerable.ts";
import type { OperatorContext } from "#app/server/operators/context.ts";
import { authorize } from "#app/server/operators/roles.ts";
import { deskSides } from "./sides.ts";

export async function flagMemberFromDesk(app: OperatorContext, input: { conversation: number; note: string }) {
  authorize(app.operator, "desk");
  const sides = await deskSides(app, input.conversation);
  await flagVulnerable(app, { member: sides.member.id, conversation: input.conversation, note: input.note });
}
