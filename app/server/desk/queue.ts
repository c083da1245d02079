// The desk's queue: conversations between a member and a fictional profile in
// which the member wrote last (their newest message, not held, is later than
// the profile's newest), newest first, with how long the member has waited
// (since their first unanswered message), their language, and the operator
// who holds the conversation, if anyone does. Read from the member's side of
// the conversation in D1, which its room keeps current behind each burst of
// messages (chat/summary.ts): the first message the profile has not answered.
import { and, desc, eq, gt, isNotNull, ne, notInArray, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import {
  conversationParticipants,
  conversations,
  deskClaims,
  operators,
  profiles,
  users,
} from "#app/server/db/schema.ts";
import type { OperatorContext } from "#app/server/operators/context.ts";
import { authorize } from "#app/server/operators/roles.ts";

const QUEUE_PAGE = 50;

export async function deskQueue(app: OperatorContext, filter: { domain?: string | null; page?: number } = {}) {
  authorize(app.operator, "desk");
  const page = Math.max(1, filter.page ?? 1);
  const low = alias(profiles, "low");
  const high = alias(profiles, "high");
  const memberId = sql<number>`case when ${low.fictional} = 1 then ${conversations.memberHigh} else ${conversations.memberLow} end`;
  const fictionalId = sql<number>`case when ${low.fictional} = 1 then ${conversations.memberLow} else ${conversations.memberHigh} end`;
  // The member's side of the conversation, as the room's summary left it.
  const side = alias(conversationParticipants, "side");
  const waiting = app.db
    .select({
      conversationId: conversations.id,
      memberId: memberId.as("member_id"),
      fictionalId: fictionalId.as("fictional_id"),
      lastAt: sql<number | null>`${side.lastSentAt}`.as("last_at"),
      waitingSince: sql<number>`${side.unansweredSince}`.as("waiting_since"),
    })
    .from(conversations)
    .innerJoin(low, eq(low.userId, conversations.memberLow))
    .innerJoin(high, eq(high.userId, conversations.memberHigh))
    .innerJoin(side, and(eq(side.conversationId, conversations.id), eq(side.userId, memberId)))
    // One side fictional, the other not; the member's newest messages unanswered.
    .where(and(ne(low.fictional, high.fictional), isNotNull(side.unansweredSince)))
    .as("waiting");
  const fictional = alias(profiles, "fictional");
  const rows = await app.db
    .select({
      conversationId: waiting.conversationId,
      lastAt: waiting.lastAt,
      waitingSince: waiting.waitingSince,
      member: { id: users.id, name: profiles.name, language: users.language, domain: users.domain },
      fictional: { id: fictional.userId, name: fictional.name },
      claim: { operatorName: operators.name, operatorId: deskClaims.operatorId, expiresAt: deskClaims.expiresAt },
    })
    .from(waiting)
    .innerJoin(users, eq(users.id, waiting.memberId))
    .innerJoin(profiles, eq(profiles.userId, waiting.memberId))
    .innerJoin(fictional, eq(fictional.userId, waiting.fictionalId))
    .leftJoin(
      deskClaims,
      and(eq(deskClaims.conversationId, waiting.conversationId), gt(deskClaims.expiresAt, app.now())),
    )
    .leftJoin(operators, eq(operators.id, deskClaims.operatorId))
    .where(
      and(notInArray(users.status, ["deleted", "banned"]), filter.domain ? eq(users.domain, filter.domain) : undefined),
    )
    .orderBy(desc(waiting.lastAt), desc(waiting.conversationId))
    .limit(QUEUE_PAGE + 1)
    .offset((page - 1) * QUEUE_PAGE);
  return {
    conversations: rows.slice(0, QUEUE_PAGE).map(({ claim, ...row }) => ({
      ...row,
      heldBy: claim?.operatorId != null && claim.operatorId !== app.operator.id ? (claim.operatorName ?? null) : null,
      mine: claim?.operatorId === app.operator.id,
    })),
    hasMore: rows.length > QUEUE_PAGE,
    page,
    domain: filter.domain ?? null,
  };
}
