// Which domain a request is for, and that domain's settings from KV.
// KV is eventually consistent and read on every request, so a parsed copy is
// kept per isolate for a short while; operators see edits within that time.
// The copy is bounded: names come from outside (the Host header, a query), and
// a stream of names without settings must not grow the isolate, so at most
// CACHED_DOMAINS are kept, a name without settings too, and the least
// recently used goes first.
import { appConfig } from "#app/server/config/env.ts";
import { builtInSettings } from "./defaults.ts";
import { type SiteSettings, siteSettingsSchema } from "./schema.ts";

const CACHE_MS = 30_000;
const CACHED_DOMAINS = 256;
/** In order of use, least recent first (a Map iterates in insertion order). */
const cache = new Map<string, { settings: SiteSettings | null; until: number }>();

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

/** A stored document as JSON; text that is not JSON is a document that fails the schema. */
function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * The settings stored for a domain, or null when it has none (or a document
 * that fails the schema, which is never used). A failed KV read throws and is
 * not kept: no domain is taken for unknown, nor served defaults, for a hiccup.
 */
export async function findSettings(kv: KVNamespace, domain: string, now = Date.now()): Promise<SiteSettings | null> {
  const hit = cache.get(domain);
  if (hit && hit.until > now) {
    cache.delete(domain);
    cache.set(domain, hit);
    return hit.settings;
  }

  let settings: SiteSettings | null = null;
  const stored = await kv.get(settingsKey(domain)).catch((error: unknown) => {
    console.error(JSON.stringify({ msg: "settings read failed", domain, error: String(error) }));
    throw error;
  });
  if (stored !== null) {
    const parsed = parseSettings(parseJson(stored));
    if (parsed.ok) settings = parsed.settings;
    else console.error(JSON.stringify({ msg: "invalid domain settings ignored", domain, error: parsed.error }));
  }
  cache.delete(domain);
  cache.set(domain, { settings, until: now + CACHE_MS });
  if (cache.size > CACHED_DOMAINS) cache.delete(cache.keys().next().value!);
  return settings;
}

/**
 * The settings a domain's site is served with: its stored ones. Without them
 * a production Worker serves nothing there (null: not found); a local one
 * (APP_ENV=development: `npm start`, the tests) serves the built-in defaults,
 * so a fresh checkout works on localhost.
 */
export async function servedSettings(
  env: Pick<Env, "SETTINGS">,
  domain: string,
  now = Date.now(),
): Promise<SiteSettings | null> {
  const stored = await findSettings(env.SETTINGS, domain, now);
  if (stored || appConfig(env).production) return stored;
  return { ...builtInSettings, domain };
}

/**
 * A domain's settings for work behind the scenes (mail, broadcasts, a
 * collection): its stored ones, else the built-in defaults under its name.
 */
export async function loadSettings(kv: KVNamespace, domain: string, now = Date.now()): Promise<SiteSettings> {
  return (await findSettings(kv, domain, now)) ?? { ...builtInSettings, domain };
}

/** How many domains this isolate keeps settings for (tests read it). */
export const cachedDomains = () => cache.size;

/** Drops cached settings, so a write is visible to the next request of this isolate. */
export function forgetSettings(domain?: string) {
  if (domain) cache.delete(domain);
  else cache.clear();
}
