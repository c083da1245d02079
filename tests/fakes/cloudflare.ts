// A fake of Cloudflare's purge-by-URL API as a plain fetch-style handler, so
// workerd tests can route `fetch` to it and a Node HTTP server can host it. It
// checks the request Cloudflare documents (POST /client/v4/zones/<zone id>/
// purge_cache, a Bearer API token, a JSON body `{ "files": [url, ...] }` of
// absolute URLs, at most 30 of them) and answers as Cloudflare does: the
// envelope `{ success, errors, messages, result }`, with `result: { id }` (the
// zone) when the purge was taken.

export const FAKE_CLOUDFLARE_TOKEN = "fake-cloudflare-api-token-with-cache-purge";
/** Zone ids are 32 hex digits. */
export const FAKE_ZONE = "0123456789abcdef0123456789abcdef";
export const OTHER_FAKE_ZONE = "fedcba9876543210fedcba9876543210";

/** Cloudflare's limit of URLs in one purge request (Free, Pro and Business plans). */
const MAX_FILES = 30;

export interface ReceivedPurge {
  zoneId: string;
  files: string[];
}

export interface CloudflareFake {
  /** Answers one request to the API (any host: the path decides). */
  handle(request: Request): Promise<Response>;
  /** Purges taken so far, oldest first. */
  purges: ReceivedPurge[];
  /** Requests seen, taken or not. */
  requests: number;
  /** When set, every purge is refused with this HTTP status (500: Cloudflare is down). */
  failWith: number | null;
  /** Statuses for the next purges, one each, before `failWith` (e.g. [500]: one refusal, then taken). */
  refuseNext: number[];
}

function envelope(status: number, result: unknown, errors: { code: number; message: string }[] = []) {
  return Response.json({ success: errors.length === 0, errors, messages: [], result }, { status });
}

const refused = (status: number, code: number, message: string) => envelope(status, null, [{ code, message }]);

function isAbsoluteUrl(value: unknown): boolean {
  if (typeof value !== "string") return false;
  try {
    return ["http:", "https:"].includes(new URL(value).protocol);
  } catch {
    return false;
  }
}

export function createCloudflareFake(
  account: { token: string; zones: string[] } = { token: FAKE_CLOUDFLARE_TOKEN, zones: [FAKE_ZONE, OTHER_FAKE_ZONE] },
): CloudflareFake {
  const fake: CloudflareFake = {
    purges: [],
    requests: 0,
    failWith: null,
    refuseNext: [],
    async handle(request) {
      fake.requests++;
      const match = /^\/client\/v4\/zones\/([0-9a-f]{32})\/purge_cache$/.exec(new URL(request.url).pathname);
      if (!match) return refused(404, 7003, "Could not route to the requested path");
      if (request.method !== "POST") return refused(405, 7001, "Method not allowed for this route");
      if (request.headers.get("authorization") !== `Bearer ${account.token}`) {
        return refused(403, 10000, "Authentication error");
      }
      const zoneId = match[1]!;
      if (!account.zones.includes(zoneId)) return refused(404, 7003, "Could not route to the zone");
      if (!request.headers.get("content-type")?.startsWith("application/json")) {
        return refused(
          400,
          1012,
          "Request must contain one of 'purge_everything', 'files', 'tags', 'hosts' or 'prefixes'",
        );
      }
      const body = (await request.json().catch(() => null)) as { files?: unknown } | null;
      const files = body?.files;
      if (!Array.isArray(files) || files.length === 0 || !files.every(isAbsoluteUrl)) {
        return refused(400, 1012, "Request must contain a list of URLs in 'files'");
      }
      if (files.length > MAX_FILES) return refused(400, 1015, `At most ${MAX_FILES} files may be purged at once`);
      const refusal = fake.refuseNext.shift() ?? fake.failWith;
      if (refusal) return refused(refusal, refusal === 429 ? 971 : 10000, "Please wait and try again");
      fake.purges.push({ zoneId, files: files as string[] });
      return envelope(200, { id: zoneId });
    },
  };
  return fake;
}
