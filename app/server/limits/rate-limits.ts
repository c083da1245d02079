// Rate limits on every state-changing request, through the Workers
// rate-limiting binding: counters live at Cloudflare's edge (emulated locally),
// cost no D1 writes and need no cleanup. Each request counts in one bucket, the
// most specific that applies; members are counted by id, visitors by address.
// These sit above the product's own rules (5 logins per address, 4 swipes a day…),
// which stay where they are: this only stops floods.

export type RateLimitBucket = "auth" | "message" | "like" | "upload" | "write";
type RequestBucket = Exclude<RateLimitBucket, "message">;

/** Requests per 60 s each bucket allows (the figures in wrangler.toml, for the README and 429 texts). */
export const RATE_LIMITS: Record<RateLimitBucket, number> = {
  auth: 20,
  message: 40,
  like: 60,
  upload: 20,
  write: 120,
};

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

// Webhooks prove themselves (provider lookups, shared secrets) and come in bursts from a few addresses.
const UNLIMITED = [/^\/api\/payments\/webhook\//, /^\/api\/mail\/events$/];

// Reads that write (the auto-like endpoint) or cost as much (a data export, a
// settings lookup by a name from the query: a KV read and a place in the kept
// copy; a socket opened, which a Durable Object holds and tells until it closes).
const HEAVY_READS: Record<string, RequestBucket> = {
  "/api/auto-like.php": "like",
  "/account/export": "write",
  "/api/settings.php": "write",
  "/api/chat/socket": "write",
  "/api/signal/socket": "write",
};

const BUCKETS: [RequestBucket, RegExp][] = [
  ["auth", /^\/(login|signup|reset-password(\/do)?|account-deleted|activate\/resend|admin\/login)$/],
  ["upload", /^\/(api\/photos|api\/chat\/photo|profile)$/],
  ["like", /^\/(members\/\d+|likes\/m\/\d+|swipe-game|match-finder)$/],
];

/**
 * Which bucket a request counts in, or null when it changes nothing. Chat
 * messages are counted by their room (see messageWithinRateLimit), where sends
 * over the socket and over HTTP meet; their requests count as writes too.
 */
export function rateLimitBucket(method: string, pathname: string): RequestBucket | null {
  // React Router's data requests (/members/7.data, /_root.data) count as their page.
  const path = pathname.replace(/\.data$/, "").replace(/^\/_root$/, "/");
  if (UNLIMITED.some((pattern) => pattern.test(path))) return null;
  if (SAFE_METHODS.has(method)) return HEAVY_READS[path] ?? null;
  return BUCKETS.find(([, pattern]) => pattern.test(path))?.[0] ?? "write";
}

type RateLimitBindings = Pick<
  Env,
  "AUTH_RATE_LIMIT" | "MESSAGE_RATE_LIMIT" | "LIKE_RATE_LIMIT" | "UPLOAD_RATE_LIMIT" | "WRITE_RATE_LIMIT"
>;

const BINDING: Record<RateLimitBucket, keyof RateLimitBindings> = {
  auth: "AUTH_RATE_LIMIT",
  message: "MESSAGE_RATE_LIMIT",
  like: "LIKE_RATE_LIMIT",
  upload: "UPLOAD_RATE_LIMIT",
  write: "WRITE_RATE_LIMIT",
};

/**
 * Whether this request may go on. Signing in counts by address even for a
 * member; everything else by member when there is one.
 */
export async function withinRateLimit(
  env: RateLimitBindings,
  request: { method: string; path: string; memberId: number | null; clientIp: string },
): Promise<boolean> {
  const bucket = rateLimitBucket(request.method, request.path);
  if (!bucket) return true;
  const who = bucket !== "auth" && request.memberId ? `m:${request.memberId}` : `ip:${request.clientIp}`;
  const { success } = await env[BINDING[bucket]].limit({ key: `${bucket}:${who}` });
  return success;
}

/** Whether a member may send one more new message (a retry of a stored one is not counted). */
export async function messageWithinRateLimit(env: Pick<RateLimitBindings, "MESSAGE_RATE_LIMIT">, memberId: number) {
  const { success } = await env.MESSAGE_RATE_LIMIT.limit({ key: `message:m:${memberId}` });
  return success;
}
