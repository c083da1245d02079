// Bulk inserts for the seed: multi-row INSERTs with inlined literals, run through
// D1's exec() a few hundred rows at a time. Prepared statements would bind at
// most 100 parameters each and take ten times as long for a thousand members.
import { getTableColumns, getTableName } from "drizzle-orm";
import type { SQLiteColumn, SQLiteTable } from "drizzle-orm/sqlite-core";

const ROWS_PER_STATEMENT = 200;

function literal(column: SQLiteColumn, value: unknown): string {
  if (value === undefined) value = column.default ?? null;
  if (value === null || value === undefined) return "NULL";
  const driver = column.mapToDriverValue(value);
  if (typeof driver === "number") return Number.isFinite(driver) ? String(driver) : "NULL";
  if (typeof driver === "boolean") return driver ? "1" : "0";
  // exec() takes one statement a line: newlines go in through char(10).
  return `'${String(driver).replaceAll("'", "''").replaceAll("\n", "' || char(10) || '")}'`;
}

export async function insertAll<T extends SQLiteTable>(d1: D1Database, table: T, rows: T["$inferInsert"][]) {
  const columns = Object.entries(getTableColumns(table)) as [string, SQLiteColumn][];
  const head = `INSERT INTO "${getTableName(table)}" (${columns.map(([, c]) => `"${c.name}"`).join(", ")}) VALUES `;
  const statements: string[] = [];
  for (let i = 0; i < rows.length; i += ROWS_PER_STATEMENT) {
    const values = rows
      .slice(i, i + ROWS_PER_STATEMENT)
      .map(
        (row) =>
          `(${columns.map(([key, column]) => literal(column, (row as Record<string, unknown>)[key])).join(", ")})`,
      );
    statements.push(`${head}${values.join(", ")};`);
  }
  for (let i = 0; i < statements.length; i += 50) await d1.exec(statements.slice(i, i + 50).join("\n"));
}
