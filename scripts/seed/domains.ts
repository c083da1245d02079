// Seeds the example domains (scripts/seed/data/domains.ts): their companies in
// D1 and their settings in KV, each validated by the app's schema. Settings an
// operator already changed are kept: only missing keys are written.
import type { Database } from "#app/server/db/client.ts";
import { companies } from "#app/server/db/schema.ts";
import { parseSettings, settingsKey } from "#app/server/settings/resolve.ts";
import { exampleCompanies, exampleDomains } from "./data/domains.ts";

export async function seedExampleDomains(db: Database, kv: KVNamespace): Promise<string[]> {
  await db.insert(companies).values(exampleCompanies).onConflictDoNothing();
  const written: string[] = [];
  for (const input of exampleDomains) {
    const parsed = parseSettings(input);
    if (!parsed.ok) throw new Error(`example domain ${input.domain}: ${parsed.error}`);
    const key = settingsKey(parsed.settings.domain);
    if ((await kv.get(key)) !== null) continue;
    await kv.put(key, JSON.stringify(parsed.settings));
    written.push(parsed.settings.domain);
  }
  return written;
}
