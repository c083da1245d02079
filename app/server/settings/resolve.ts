// Which domain a request is for, and that domain's settings from KV.
// KV is eventually consistent and read on every request, so a parsed copy is
// kept per isolate for a short while; operators see edits within that time.
import { builtInSettings } from "./defaults.ts";
import { type SiteSettings, siteSettingsSchema } from "./schema.ts";

const CACHE_MS = 30_000;
const cache = new Map<string, { settings: SiteSettings; until: number }>();

export const settingsKey = (domain: string) => `domain:${domain}`;

/** The domain a host name stands for: lower case, without port and "www.". */
export function domainOf(host: string): string {
  return host
    .toLowerCase()
    .replace(/:\d+$/, "")
    .replace(/^www\./, "");
}

export function parseSettings(value: unknown): { ok: true; settings: SiteSettings } | { ok: false; error: string } {
  const parsed = siteSettingsSchema.safeParse(value);
  if (parsed.success) return { ok: true, settings: parsed.data };
  return { ok: false, error: parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ") };
}

export async function loadSettings(kv: KVNamespace, domain: string, now = Date.now()): Promise<SiteSettings> {
  const hit = cache.get(domain);
  if (hit && hit.until > now) return hit.settings;

  let settings: SiteSettings = { ...builtInSettings, domain };
  const stored = await kv.get(settingsKey(domain), { type: "json" }).catch((error: unknown) => {
    console.error(JSON.stringify({ msg: "settings read failed", domain, error: String(error) }));
    return null;
  });
  if (stored !== null) {
    const parsed = parseSettings(stored);
    if (parsed.ok) settings = parsed.settings;
    else console.error(JSON.stringify({ msg: "invalid domain settings ignored", domain, error: parsed.error }));
  }
  cache.set(domain, { settings, until: now + CACHE_MS });
  return settings;
}

/** Drops cached settings, so a write is visible to the next request of this isolate. */
export function forgetSettings(domain?: string) {
  if (domain) cache.delete(domain);
  else cache.clear();
}
