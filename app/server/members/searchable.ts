// Whether a member may appear in search, likes and "online" lists: an active
// profile of a confirmed, visible, not deleted account. Stored in
// profiles.searchable so search reads only its index; every rule that changes
// one of those facts adds this statement to its batch.
import { eq, sql } from "drizzle-orm";
import type { Database } from "#app/server/db/client.ts";
import { profiles, users } from "#app/server/db/schema.ts";

export function refreshSearchable(db: Database, userId: number) {
  return db
    .update(profiles)
    .set({
      searchable: sql`coalesce((
        select case when ${users.status} = 'active' and ${users.invisible} = 0 and ${profiles.status} = 'active'
          then 1 else 0 end
        from ${users} where ${users.id} = ${profiles.userId}
      ), 0)`,
    })
    .where(eq(profiles.userId, userId));
}
