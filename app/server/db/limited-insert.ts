// A limit judged inside the insert it limits. A required (NOT NULL) column of
// the row gets its value only while the rows counted are fewer than the
// limit; over it the value is null, so the insert fails and, in a batch, the
// whole batch is undone (the mail with its token, a payment before the
// provider is asked). D1 runs one statement at a time, so inserts sent at the
// same moment are counted one after another and together get no more than
// the limit, where reading the count first would let each of them see room.
import { type SQL, sql } from "drizzle-orm";

/** `value` while `counted` (a query answering one count) is below `limit`, else null. */
export const whileBelow = (value: number | SQL, counted: SQL, limit: number) =>
  sql<number>`(case when (${counted}) < ${limit} then ${value} end)`;

/** Whether a query or batch failed because whileBelow held back `column` ("table.column"). */
export function refusedByLimit(error: unknown, column: string) {
  // Drizzle wraps a single query's error ("Failed query: …"); D1's own message is its cause.
  const message = `${error} ${error instanceof Error ? error.cause : ""}`;
  return message.includes(`NOT NULL constraint failed: ${column}`);
}
