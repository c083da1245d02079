// Purging retired URLs from Cloudflare's cache. A photo that stops being
// public leaves copies of its old URL in shared caches; the batch that
// retires the file queues one purge per zone (the URL on each host the
// configuration lists, CDN_PURGE_HOSTS), and the purge goes to Cloudflare's
// API right after the answer, retried by the per-minute outbox run for about
// an hour (outbox/queue.ts). After that the shared-cache lifetime of the
// public path (PUBLIC_PHOTO_CACHE in photos/visibility.ts) has let every copy expire anyway, so the row
// is given up. A Worker that lists no host queues nothing.
import { and, inArray, lt } from "drizzle-orm";
import type { RequestContext } from "#app/context.ts";
import { appConfig, type CachePurgeConfig } from "#app/server/config/env.ts";
import type { Database } from "#app/server/db/client.ts";
import { cachePurges } from "#app/server/db/schema.ts";
import { errorFields } from "#app/server/log.ts";
import { DeliveryError, deliverDue, fetchWithin, type RetryPolicy } from "#app/server/outbox/queue.ts";

const MINUTE = 60_000;
const PURGE_TIMEOUT_MS = 10_000;
/** Cloudflare takes at most 30 URLs in one purge request (Free, Pro and Business plans). */
const FILES_PER_PURGE = 30;
/** Sent and given-up purges are kept a day, to look into. */
const KEPT_FOR_MS = 86_400_000;

/** 1, 2, 4, 8, 16, 16 minutes: given up after 7 attempts, about 47 minutes in. */
const PURGE_RETRY: RetryPolicy = {
  firstDelayMs: MINUTE,
  maxDelayMs: 16 * MINUTE,
  maxAttempts: 7,
  leaseMs: MINUTE,
};

type PurgeContext = Pick<RequestContext, "db" | "env" | "now" | "log"> & Partial<Pick<RequestContext, "ctx">>;

/**
 * The inserts queueing a purge of `paths` (such as "/media/photos/<key>") on
 * every listed host, one row per zone and at most 30 URLs a row; none when no
 * host is listed. Not yet run: they belong in the batch that retires the paths.
 */
export function purgeStatements(app: Pick<RequestContext, "db" | "env">, paths: readonly string[], now: number) {
  const byZone = new Map<string, string[]>();
  for (const [host, zone] of appConfig(app.env).cachePurge.zones) {
    byZone.set(zone, [...(byZone.get(zone) ?? []), ...paths.map((path) => `https://${host}${path}`)]);
  }
  const rows = [...byZone].flatMap(([zoneId, files]) =>
    chunks(files, FILES_PER_PURGE).map((chunk) => ({ zoneId, files: chunk, createdAt: now, nextAttemptAt: now })),
  );
  return rows.map((row) => app.db.insert(cachePurges).values(row));
}

function chunks<T>(list: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
}

/** Delivers the queued purges after the response (or before returning, without a request). */
export async function purgeSoon(app: PurgeContext) {
  const delivery = deliverCachePurges(app).catch((error: unknown) =>
    app.log.error("cache purge failed", errorFields(error)),
  );
  if (app.ctx) app.ctx.waitUntil(delivery);
  else await delivery;
}

/** Sends the purges that are due, longest waiting first; a refused one waits for its retry. */
export async function deliverCachePurges(
  app: Pick<RequestContext, "db" | "env" | "log" | "now">,
  options: { limit?: number } = {},
) {
  const config = appConfig(app.env).cachePurge;
  return deliverDue(
    app,
    {
      table: cachePurges,
      policy: PURGE_RETRY,
      what: "cache purge",
      fields: (row) => ({ purgeId: row.id, zoneId: row.zoneId }),
      send: (row) => askCloudflare(config, row.zoneId, row.files),
      clearedOnSend: {},
    },
    options.limit ?? 20,
  );
}

/** POST /client/v4/zones/<zone>/purge_cache with the URLs; resolves when Cloudflare took them. */
async function askCloudflare(config: CachePurgeConfig, zoneId: string, files: string[]) {
  if (!config.token) throw new DeliveryError("no Cloudflare API token (CLOUDFLARE_API_TOKEN)");
  const response = await fetchWithin(
    "Cloudflare",
    PURGE_TIMEOUT_MS,
    `${config.apiUrl}/client/v4/zones/${zoneId}/purge_cache`,
    {
      method: "POST",
      headers: { Authorization: `Bearer ${config.token}`, "Content-Type": "application/json" },
      body: JSON.stringify({ files }),
    },
  );
  const body = (await response.json().catch(() => null)) as {
    success?: boolean;
    errors?: { code: number; message: string }[];
  } | null;
  if (response.ok && body?.success) return { providerId: null };
  const reason = body?.errors?.map((e) => `${e.code} ${e.message}`).join("; ") || "no answer";
  // A 5xx or 429 may pass; a refused request (token, zone, body) will not, however long it waits.
  const passing = response.status >= 500 || response.status === 429;
  throw new DeliveryError(`Cloudflare answered ${response.status}: ${reason}`, { permanent: !passing });
}

/** Hourly: forgets purges sent or given up a day ago. */
export async function forgetOldCachePurges(app: { db: Database }, now: number) {
  await app.db
    .delete(cachePurges)
    .where(and(inArray(cachePurges.status, ["sent", "failed"]), lt(cachePurges.createdAt, now - KEPT_FOR_MS)));
}
