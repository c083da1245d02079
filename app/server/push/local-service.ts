// The local default of a browser push service (external services
// have a real local code path). It accepts what FCM or Mozilla's service would:
// aes128gcm bodies of at most 4096 bytes, a TTL, and a valid VAPID signature
// for its origin; it keeps each message in dev_push_inbox, still encrypted, for
// tests and developers to read. Tokens starting with "gone-" answer 410, as a
// service does for a subscription the browser dropped.
import { asc, eq } from "drizzle-orm";
import type { RequestContext } from "#app/context.ts";
import { devPushInbox } from "#app/server/db/schema.ts";
import { base64url } from "#app/server/http/base64.ts";
import { verifyVapidAuthorization } from "./vapid.ts";

const TOKEN = /^[A-Za-z0-9_-]{8,100}$/;
const KEPT_HEADERS = ["ttl", "urgency", "topic", "content-encoding", "authorization"];

export async function receiveLocalPush(
  app: Pick<RequestContext, "db" | "now">,
  token: string,
  request: Request,
): Promise<Response> {
  const answer = (status: number, reason: string) => Response.json({ reason }, { status });
  if (request.method !== "POST") return answer(405, "POST only");
  if (!TOKEN.test(token)) return answer(404, "no such subscription");
  if (token.startsWith("gone-")) return answer(410, "subscription expired");
  const vapid = await verifyVapidAuthorization(
    request.headers.get("authorization"),
    new URL(request.url).origin,
    app.now(),
  );
  if (!vapid.ok) return answer(403, vapid.reason);
  if (request.headers.get("content-encoding") !== "aes128gcm") return answer(415, "aes128gcm only");
  if (!/^\d+$/.test(request.headers.get("ttl") ?? "")) return answer(400, "TTL header missing");
  const body = new Uint8Array(await request.arrayBuffer());
  if (body.length > 4096) return answer(413, "payload too large");
  if (body.length < 86 + 17) return answer(400, "not an aes128gcm body");
  const headers = Object.fromEntries(
    KEPT_HEADERS.flatMap((name) => {
      const value = request.headers.get(name);
      return value === null ? [] : [[name, value]];
    }),
  );
  const [row] = await app.db
    .insert(devPushInbox)
    .values({ token, headers, body: base64url.encode(body), createdAt: app.now() })
    .returning({ id: devPushInbox.id });
  return new Response(null, { status: 201, headers: { Location: `${new URL(request.url).pathname}/${row!.id}` } });
}

/** What the local push endpoint received for one subscription, oldest first. */
export function localPushes(db: RequestContext["db"], token: string) {
  return db
    .select({ id: devPushInbox.id, headers: devPushInbox.headers, body: devPushInbox.body, at: devPushInbox.createdAt })
    .from(devPushInbox)
    .where(eq(devPushInbox.token, token))
    .orderBy(asc(devPushInbox.id));
}
