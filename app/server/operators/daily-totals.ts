// The dashboard's figures kept as totals per domain and UTC day, so the
// console reads a month of rows rather than every message of the month. A
// total is added to in the same batch as the change that moves the mark it
// counts from (a conversation's summary mark for messages, summary.ts), so a batch
// written again after a crash adds nothing twice.
import { type SQL, sql } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";

export const DAY = 86_400_000;

// DAY is written into the SQL, not bound: D1 binds JS numbers as REAL, and a
// REAL divisor would give fractional days, one group per row instead of per day.
/** SQL: the UTC day number of a millisecond time. */
export const utcDay = (time: SQLiteColumn | SQL | SQL.Aliased<number | null>) =>
  sql<number>`${time} / ${sql.raw(String(DAY))}`.mapWith(Number);
