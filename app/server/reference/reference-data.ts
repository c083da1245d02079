// Reference data that changes only with a deploy or an operator edit: interests,
// regions and company info (clients load it once and cache it). Kept per
// isolate for a few minutes, so pages and /api/*.php do not query D1 each time.
import { asc, eq } from "drizzle-orm";
import type { Database } from "#app/server/db/client.ts";
import { companies, interests, regions } from "#app/server/db/schema.ts";

const TTL_MS = 5 * 60_000;
const memo = new Map<string, { value: unknown; until: number }>();

async function cached<T>(key: string, now: number, load: () => Promise<T>): Promise<T> {
  const hit = memo.get(key);
  if (hit && hit.until > now) return hit.value as T;
  const value = await load();
  memo.set(key, { value, until: now + TTL_MS });
  return value;
}

export function forgetReferenceData() {
  memo.clear();
}

export type Interest = typeof interests.$inferSelect;
export type Region = Pick<typeof regions.$inferSelect, "id" | "country" | "code" | "name">;
export type Company = typeof companies.$inferSelect;

export function listInterests(db: Database, now: number): Promise<Interest[]> {
  return cached("interests", now, () => db.select().from(interests).orderBy(asc(interests.position)));
}

export function listRegions(db: Database, now: number): Promise<Region[]> {
  return cached("regions", now, () =>
    db
      .select({ id: regions.id, country: regions.country, code: regions.code, name: regions.name })
      .from(regions)
      .orderBy(asc(regions.country), asc(regions.name)),
  );
}

export async function getCompany(db: Database, id: number, now: number): Promise<Company | null> {
  return cached(`company:${id}`, now, async () => {
    const [company] = await db.select().from(companies).where(eq(companies.id, id)).limit(1);
    return company ?? null;
  });
}

/** The date the terms took effect: 2023-12-01 12:00 UTC, or the company's `added` if later. */
export function termsVersionDate(company: Pick<Company, "added"> | null): number {
  const base = Date.UTC(2023, 11, 1, 12, 0, 0);
  return company && company.added > base ? company.added : base;
}

/** A phone number as a tel: link wants it: no dashes or spaces (the footer's support phone). */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[\s-]/g, "")}`;
}
