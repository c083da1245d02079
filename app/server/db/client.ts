// The Drizzle client over D1. drizzle() walks the whole schema each time it is
// made, so one client is kept per D1 binding and isolate; it holds no state
// between queries, so requests and Durable Objects share it.
import { drizzle } from "drizzle-orm/d1";
import { kept } from "#app/kept.ts";
import * as schema from "./schema.ts";

const newClient = (d1: D1Database) => drizzle(d1, { schema });

export type Database = ReturnType<typeof newClient>;

const clients = new WeakMap<D1Database, Database>();

export function createDb(d1: D1Database): Database {
  return kept(clients, d1, () => newClient(d1));
}
