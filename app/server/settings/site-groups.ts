// The domains of a site group (`site_group`: the country versions of one
// site). Finding them means reading every stored domain's settings, so the
// groups are read once per isolate for a few minutes, and only for a domain
// that has a group. Bounded: at most MAX_DOMAINS stored domains are looked at
// (each costs a KV read, within a request's limit of KV operations), and only
// the grouped ones are kept.
import { findSettings, settingsKey } from "./resolve.ts";
import type { SiteSettings } from "./schema.ts";

const CACHE_MS = 5 * 60_000;
const MAX_DOMAINS = 500;
const PREFIX = settingsKey("");

let groups: { until: number; read: Promise<Map<string, SiteSettings[]>> } | null = null;

async function readGroups(kv: KVNamespace, now: number): Promise<Map<string, SiteSettings[]>> {
  const names: string[] = [];
  let cursor: string | undefined;
  do {
    const page = await kv.list({ prefix: PREFIX, cursor, limit: Math.min(1000, MAX_DOMAINS - names.length) });
    names.push(...page.keys.map((key) => key.name.slice(PREFIX.length)));
    cursor = page.list_complete ? undefined : page.cursor;
  } while (cursor && names.length < MAX_DOMAINS);
  if (cursor) {
    console.error(JSON.stringify({ msg: "site groups read from the first domains only", domains: MAX_DOMAINS }));
  }
  const found = new Map<string, SiteSettings[]>();
  for (const settings of await Promise.all(names.map((name) => findSettings(kv, name, now)))) {
    if (!settings?.site_group) continue;
    found.set(settings.site_group, [...(found.get(settings.site_group) ?? []), settings]);
  }
  return found;
}

/**
 * The domains of `settings`' group: itself (as given, the freshest copy) and
 * the others as last read; only itself without a group, or when the read fails.
 */
export async function siteGroupDomains(kv: KVNamespace, settings: SiteSettings, now = Date.now()) {
  if (!settings.site_group) return [settings];
  if (!groups || groups.until <= now) groups = { until: now + CACHE_MS, read: readGroups(kv, now) };
  const current = groups;
  try {
    const members = (await current.read).get(settings.site_group) ?? [];
    return [settings, ...members.filter((member) => member.domain !== settings.domain)];
  } catch (error) {
    // Not kept: the next request reads again.
    if (groups === current) groups = null;
    console.error(JSON.stringify({ msg: "site group read failed", group: settings.site_group, error: String(error) }));
    return [settings];
  }
}

/** Drops the groups read, so the next request reads them again (tests). */
export function forgetSiteGroups() {
  groups = null;
}
