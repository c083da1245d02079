// How many bytes each store holds, measured the way its limit is counted: D1's
// pages (10 GB a database) and each Durable Object's SQLite pages (10 GB an
// object), read from the files where the local runtime keeps them, read-only,
// beside the running server.
import { readdirSync } from "node:fs";
import { resolve } from "node:path";
import { DatabaseSync } from "node:sqlite";

/**
 * D1's size in bytes, in all and by table and index. The local D1 refuses
 * dbstat through its binding (SQLITE_AUTH, as D1 does), so the database's file
 * is asked instead: the same pages, counted by SQLite itself.
 */
export function d1Bytes(stateDir: string): { total: number; byName: Map<string, number> } {
  const dir = resolve(stateDir, "v3", "d1", "miniflare-D1DatabaseObject");
  const file = readdirSync(dir).find((f) => f.endsWith(".sqlite") && f !== "metadata.sqlite");
  if (!file) throw new Error(`no D1 database under ${dir}`);
  const byName = new Map(sizesByName(resolve(dir, file)));
  return { total: [...byName.values()].reduce((a, b) => a + b, 0), byName };
}

function sizesByName(path: string) {
  const db = new DatabaseSync(path, { readOnly: true });
  try {
    return (
      db.prepare("select name, sum(pgsize) as bytes from dbstat group by name").all() as {
        name: string;
        bytes: number;
      }[]
    ).map((r) => [r.name, r.bytes] as const);
  } finally {
    db.close();
  }
}

/** Each object of a Durable Object class, by its storage file, with its size in bytes. */
export function objectBytes(stateDir: string, className: string): Map<string, number> {
  const sizes = new Map<string, number>();
  const root = resolve(stateDir, "v3", "do");
  let dirs: string[];
  try {
    dirs = readdirSync(root).filter((dir) => dir.endsWith(`-${className}`));
  } catch {
    return sizes;
  }
  for (const dir of dirs) {
    for (const file of readdirSync(resolve(root, dir)).filter((f) => f.endsWith(".sqlite"))) {
      sizes.set(
        file,
        sizesByName(resolve(root, dir, file)).reduce((a, [, b]) => a + b, 0),
      );
    }
  }
  return sizes;
}
