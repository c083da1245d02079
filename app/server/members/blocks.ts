// Blocking (spec §6): a member who blocks another hides their chats and likes
// from that person; the blocked person can no longer view the profile or
// contact them. Search leaves both out of each other's results.
import { and, eq, or, type SQL, sql } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import type { RequestContext } from "#app/context.ts";
import type { Database } from "#app/server/db/client.ts";
import { blocks, profiles } from "#app/server/db/schema.ts";
import { DomainError } from "#app/server/errors.ts";

/** SQL: no block between the viewer and the member in `column`, either way. */
export function notBlockedWith(viewerId: number, column: SQLiteColumn | SQL) {
  return sql`not exists (select 1 from ${blocks} where
    (${blocks.blockerId} = ${viewerId} and ${blocks.blockedId} = ${column})
    or (${blocks.blockerId} = ${column} and ${blocks.blockedId} = ${viewerId}))`;
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

/** Refuses contact (like, gift, message) when either member blocked the other. */
export async function assertNotBlocked(db: Database, a: number, b: number) {
  const { aBlockedB, bBlockedA } = await blockBetween(db, a, b);
  if (aBlockedB || bBlockedA) throw new DomainError("blocked");
}

export async function blockMember(app: Pick<RequestContext, "db" | "now">, memberId: number, targetId: number) {
  if (memberId === targetId) throw new DomainError("not_yourself");
  const [target] = await app.db.select({ id: profiles.userId }).from(profiles).where(eq(profiles.userId, targetId));
  if (!target) throw new DomainError("member_not_found");
  await app.db
    .insert(blocks)
    .values({ blockerId: memberId, blockedId: targetId, createdAt: app.now() })
    .onConflictDoNothing();
}

export async function unblockMember(app: Pick<RequestContext, "db">, memberId: number, targetId: number) {
  await app.db.delete(blocks).where(and(eq(blocks.blockerId, memberId), eq(blocks.blockedId, targetId)));
}
