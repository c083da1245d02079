// GET /api/push.php: what the browser needs to subscribe (the VAPID public
// key) and whether this member has push anywhere. Subscribing itself is
// POST /api/user.php?push=1; switching off is DELETE with ?push=1.
import { Hono } from "hono";
import { vapidPublicKey } from "#app/server/push/keys.ts";
import { memberSubscriptions } from "#app/server/push/subscriptions.ts";
import type { AppEnv } from "#workers/server.ts";
import { requireMember } from "./auth.ts";

export const pushApi = new Hono<AppEnv>().get("/push.php", async (c) => {
  const member = requireMember(c);
  if (member instanceof Response) return member;
  c.header("Cache-Control", "no-store");
  const subscriptions = await memberSubscriptions(c.var.app, member.id);
  return c.json({
    publicKey: vapidPublicKey(c.env, c.var.app.settings.push_public_key),
    endpoints: subscriptions.map((s) => s.endpoint),
  });
});
