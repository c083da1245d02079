// Forgetting old rows a bite at a time. A table that any request can grow may
// hold a great many rows that are due at once (a first run, a flood a month
// ago), and a D1 database has one writer: one DELETE of them all would hold it
// for as long as it takes. So each statement deletes at most BITE rows, chosen
// by a subquery with a LIMIT, and the hourly job repeats it while bites come
// back full, up to MAX_BITES a run; what is left goes in the next run.
import { type Column, type SQL, sql } from "drizzle-orm";
import type { SQLiteTable } from "drizzle-orm/sqlite-core";

export const BITE = 1000;
const MAX_BITES = 20;

/**
 * Runs `deleteBite` (a DELETE of at most BITE rows) until a bite deletes
 * fewer, at most MAX_BITES times; answers how many rows went.
 */
export async function forgetInBites(deleteBite: () => Promise<D1Result>): Promise<number> {
  let forgotten = 0;
  for (let bite = 0; bite < MAX_BITES; bite++) {
    const { changes } = (await deleteBite()).meta;
    forgotten += changes;
    if (changes < BITE) break;
  }
  return forgotten;
}

/**
 * The BITE lowest ids of a table whose autoincrement id follows the time a row
 * was written, as a condition on `id`. For a table with no index on its age:
 * the rows are read in id order and the read stops after BITE, so a bite costs
 * the same whatever the table holds. Rows of the bite that are not old yet are
 * kept, and so is everything after them.
 */
export const amongOldestIds = (table: SQLiteTable, id: Column): SQL =>
  sql`${id} in (select ${id} from ${table} order by ${id} limit ${BITE})`;
