// Blocking: a member who blocks another hides their chats and likes from that
// person; the blocked person can no longer view the profile or contact them.
// Search leaves both out of each other's results, and their conversation is
// closed to both (as if it did not exist) until the block is lifted.
import { and, eq, or, type SQL, sql } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import type { RequestContext } from "#app/context.ts";
import { closeConversationBetween } from "#app/server/chat/sockets.ts";
import type { Database } from "#app/server/db/client.ts";
import { blocks, profiles } from "#app/server/db/schema.ts";
import { DomainError } from "#app/server/errors.ts";

/** SQL: either of the two members blocked the other (`b` may be a column or an expression). */
export function blockedEitherWay(a: number, b: number | SQLiteColumn | SQL) {
  return sql<number>`exists (select 1 from ${blocks} where
    (${blocks.blockerId} = ${a} and ${blocks.blockedId} = ${b})
    or (${blocks.blockerId} = ${b} and ${blocks.blockedId} = ${a}))`;
}

/** SQL: no block between the viewer and the member in `column`, either way. */
export function notBlockedWith(viewerId: number, column: number | SQLiteColumn | SQL) {
  return sql`not ${blockedEitherWay(viewerId, column)}`;
}

export async function blockBetween(db: Database, a: number, b: number) {
  const rows = await db
    .select({ blockerId: blocks.blockerId })
    .from(blocks)
    .where(
      or(and(eq(blocks.blockerId, a), eq(blocks.blockedId, b)), and(eq(blocks.blockerId, b), eq(blocks.blockedId, a))),
    );
  return { aBlockedB: rows.some((r) => r.blockerId === a), bBlockedA: rows.some((r) => r.blockerId === b) };
}

/**
 * Refuses contact (like, gift, message) when either member blocked the other.
 * To the blocked member the blocker does not exist (as on the profile page);
 * the blocker is told why: they can unblock.
 */
export async function assertNotBlocked(db: Database, memberId: number, otherId: number) {
  const { aBlockedB: blockedByMember, bBlockedA: blockedByOther } = await blockBetween(db, memberId, otherId);
  if (blockedByOther) throw new DomainError("member_not_found");
  if (blockedByMember) throw new DomainError("blocked");
}

/**
 * Whom a member may contact (a like, a pass, a message): another member shown
 * to others, no block either way. Answers the member's name.
 */
export async function contactableMember(db: Database, memberId: number, otherId: number) {
  if (memberId === otherId) throw new DomainError("not_yourself");
  const [other] = await db
    .select({ name: profiles.name })
    .from(profiles)
    .where(and(eq(profiles.userId, otherId), eq(profiles.searchable, 1)));
  if (!other) throw new DomainError("member_not_found");
  await assertNotBlocked(db, memberId, otherId);
  return other;
}

export async function blockMember(app: Pick<RequestContext, "db" | "env" | "now">, memberId: number, targetId: number) {
  if (memberId === targetId) throw new DomainError("not_yourself");
  const [target] = await app.db.select({ id: profiles.userId }).from(profiles).where(eq(profiles.userId, targetId));
  if (!target) throw new DomainError("member_not_found");
  await app.db
    .insert(blocks)
    .values({ blockerId: memberId, blockedId: targetId, createdAt: app.now() })
    .onConflictDoNothing();
  // Their conversation is closed to both from now on, open sockets included.
  await closeConversationBetween(app, memberId, targetId);
}

export async function unblockMember(app: Pick<RequestContext, "db">, memberId: number, targetId: number) {
  await app.db.delete(blocks).where(and(eq(blocks.blockerId, memberId), eq(blocks.blockedId, targetId)));
}
