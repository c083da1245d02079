// Who answers a conversation at the desk: opening it (or answering in it)
// claims it for that operator for a few minutes. The claim is taken in one
// statement — insert, or take over a lapsed claim or renew one's own — so two
// operators opening at once cannot both hold it; a claim nobody renews lapses
// on its own, and its holder may release it sooner.
import { and, eq, gt, lte, or } from "drizzle-orm";
import { deskClaims, operators } from "#app/server/db/schema.ts";
import { DomainError } from "#app/server/errors.ts";
import type { OperatorContext } from "#app/server/operators/context.ts";
import { authorize } from "#app/server/operators/roles.ts";

/** How long a claim lives after the operator's last open or answer. */
export const CLAIM_MS = 5 * 60_000;

export interface DeskClaim {
  operatorId: number;
  operatorName: string;
  expiresAt: number;
  mine: boolean;
}

/** The live claim on a conversation, if any. */
async function currentClaim(app: OperatorContext, conversationId: number): Promise<DeskClaim | null> {
  const [row] = await app.db
    .select({ operatorId: deskClaims.operatorId, operatorName: operators.name, expiresAt: deskClaims.expiresAt })
    .from(deskClaims)
    .innerJoin(operators, eq(operators.id, deskClaims.operatorId))
    .where(and(eq(deskClaims.conversationId, conversationId), gt(deskClaims.expiresAt, app.now())));
  return row ? { ...row, mine: row.operatorId === app.operator.id } : null;
}

/**
 * Claims (or renews the claim on) a conversation for this operator; when
 * another operator's claim lives, answers with theirs instead.
 */
export async function claimConversation(app: OperatorContext, conversationId: number): Promise<DeskClaim> {
  authorize(app.operator, "desk");
  const now = app.now();
  const expiresAt = now + CLAIM_MS;
  const [taken] = await app.db
    .insert(deskClaims)
    .values({ conversationId, operatorId: app.operator.id, expiresAt })
    .onConflictDoUpdate({
      target: deskClaims.conversationId,
      set: { operatorId: app.operator.id, expiresAt },
      setWhere: or(lte(deskClaims.expiresAt, now), eq(deskClaims.operatorId, app.operator.id)),
    })
    .returning({ operatorId: deskClaims.operatorId });
  if (taken) return { operatorId: app.operator.id, operatorName: app.operator.name, expiresAt, mine: true };
  const holder = await currentClaim(app, conversationId);
  // Lapsed between the two statements: try once more.
  return holder ?? claimConversation(app, conversationId);
}

/** Claims the conversation or refuses with the holder's name (desk_claimed). */
export async function requireClaim(app: OperatorContext, conversationId: number) {
  const claim = await claimConversation(app, conversationId);
  if (!claim.mine) throw new DomainError("desk_claimed", { name: claim.operatorName });
  return claim;
}

/** Gives the conversation back before the claim lapses (only one's own claim). */
export async function releaseConversation(app: OperatorContext, conversationId: number) {
  authorize(app.operator, "desk");
  await app.db
    .delete(deskClaims)
    .where(and(eq(deskClaims.conversationId, conversationId), eq(deskClaims.operatorId, app.operator.id)));
}
