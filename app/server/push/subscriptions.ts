// Web Push subscriptions (POST /api/user.php?push=1): one row per
// browser endpoint; a browser that resubscribes replaces its keys, and one
// that logs in as another member moves to that member. We only ever send to
// the browsers' push services (or, outside production, the local push
// endpoint), so a member cannot make the server post to any address. A
// notification goes to every browser of the member, so a member keeps their
// newest few: more rows would only multiply what each notification sends.
import { and, desc, eq, notInArray } from "drizzle-orm";
import { z } from "zod";
import type { RequestContext } from "#app/context.ts";
import { appConfig } from "#app/server/config/env.ts";
import { pushSubscriptions } from "#app/server/db/schema.ts";
import { DomainError } from "#app/server/errors.ts";

export const pushSubscriptionSchema = z.object({
  endpoint: z.url({ protocol: /^https?$/ }).max(1000),
  keys: z.object({
    p256dh: z.string().regex(/^[A-Za-z0-9_-]{80,100}$/),
    auth: z.string().regex(/^[A-Za-z0-9_-]{16,30}$/),
  }),
});

export type PushSubscriptionInput = z.infer<typeof pushSubscriptionSchema>;

/** Where the local push service listens (app/routes/dev-push.ts); never in production. */
const LOCAL_PUSH_PATH = "/dev/push/";

// The push services of Chrome/Edge/Opera/Samsung (FCM), Firefox, Windows and Safari.
const PUSH_SERVICE_HOSTS = [
  /(^|\.)fcm\.googleapis\.com$/,
  /(^|\.)android\.googleapis\.com$/,
  /(^|\.)push\.services\.mozilla\.com$/,
  /\.notify\.windows\.com$/,
  /(^|\.)push\.apple\.com$/,
];

/** Browsers a member receives pushes in: the oldest is forgotten when one more subscribes. */
const MAX_SUBSCRIPTIONS_PER_MEMBER = 10;

type EnvLike = Pick<RequestContext, "env">;

export function isLocalPushEndpoint(app: EnvLike, endpoint: string): boolean {
  if (appConfig(app.env).production) return false;
  const url = new URL(endpoint);
  return url.pathname.startsWith(LOCAL_PUSH_PATH) && (url.protocol === "http:" || url.protocol === "https:");
}

function isAcceptedEndpoint(app: EnvLike, endpoint: string): boolean {
  if (isLocalPushEndpoint(app, endpoint)) return true;
  const url = new URL(endpoint);
  return url.protocol === "https:" && !url.port && PUSH_SERVICE_HOSTS.some((host) => host.test(url.hostname));
}

export async function savePushSubscription(
  app: Pick<RequestContext, "db" | "now" | "env">,
  userId: number,
  subscription: PushSubscriptionInput,
) {
  if (!isAcceptedEndpoint(app, subscription.endpoint)) throw new DomainError("invalid_input");
  const values = {
    userId,
    endpoint: subscription.endpoint,
    p256dh: subscription.keys.p256dh,
    auth: subscription.keys.auth,
    createdAt: app.now(),
  };
  const newest = app.db
    .select({ id: pushSubscriptions.id })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId))
    .orderBy(desc(pushSubscriptions.createdAt), desc(pushSubscriptions.id))
    .limit(MAX_SUBSCRIPTIONS_PER_MEMBER);
  await app.db.batch([
    app.db
      .insert(pushSubscriptions)
      .values(values)
      .onConflictDoUpdate({ target: pushSubscriptions.endpoint, set: values }),
    app.db
      .delete(pushSubscriptions)
      .where(and(eq(pushSubscriptions.userId, userId), notInArray(pushSubscriptions.id, newest))),
  ]);
}

/** The member switched push off in this browser. */
export async function removePushSubscription(app: Pick<RequestContext, "db">, userId: number, endpoint: string) {
  await app.db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)));
}

/** The push service said the subscription is gone (404/410): never send to it again. */
export async function forgetEndpoint(app: Pick<RequestContext, "db">, endpoint: string) {
  await app.db.delete(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpoint));
}

export function memberSubscriptions(app: Pick<RequestContext, "db">, userId: number) {
  return app.db
    .select({
      id: pushSubscriptions.id,
      endpoint: pushSubscriptions.endpoint,
      p256dh: pushSubscriptions.p256dh,
      auth: pushSubscriptions.auth,
    })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId));
}

export type StoredSubscription = Awaited<ReturnType<typeof memberSubscriptions>>[number];
