// /api/user.php: GET the current member, POST to log in (cookie
// strategy) or ?push=1 to store a push subscription (DELETE ?push=1 removes
// it), PUT {language}.
import { Hono } from "hono";
import { z } from "zod";
import { loginSchema } from "#app/schemas/account.ts";
import { languageSchema } from "#app/schemas/language.ts";
import { notificationPreferences, setLanguage } from "#app/server/accounts/account-settings.ts";
import { logIn } from "#app/server/accounts/login.ts";
import { findSessionMember } from "#app/server/accounts/session.ts";
import { sessionCookie } from "#app/server/accounts/session-cookie.ts";
import { userJson } from "#app/server/accounts/user-json.ts";
import { localeCookie } from "#app/server/http/cookies.ts";
import { deviceCookie, readDeviceToken } from "#app/server/limits/login-throttle.ts";
import {
  pushSubscriptionSchema,
  removePushSubscription,
  savePushSubscription,
} from "#app/server/push/subscriptions.ts";
import type { AppEnv } from "#workers/server.ts";
import { readBody, requireClientHeader, requireMember } from "./auth.ts";
import { answer, apiError, validationError } from "./errors.ts";

const languageBodySchema = z.object({ language: languageSchema });
const pushEndpointSchema = pushSubscriptionSchema.pick({ endpoint: true });

export const userApi = new Hono<AppEnv>()
  .use("/user.php", requireClientHeader)
  .get("/user.php", async (c) => {
    const { member, db } = c.var.app;
    c.header("Cache-Control", "no-store");
    if (!member) return c.json({ user: null });
    return c.json({ user: userJson(member, await notificationPreferences({ db }, member.id)) });
  })
  .post("/user.php", async (c) => {
    const app = c.var.app;
    const body = await readBody(c);
    if (c.req.query("push") !== undefined) {
      const member = requireMember(c);
      if (member instanceof Response) return member;
      const parsed = pushSubscriptionSchema.safeParse((body as { subscription?: unknown } | null)?.subscription);
      if (!parsed.success) return validationError(c, parsed.error);
      return answer(c, async () => {
        await savePushSubscription(app, member.id, parsed.data);
        return c.json({ ok: true }, 201);
      });
    }
    const parsed = loginSchema.safeParse(body);
    if (!parsed.success) return validationError(c, parsed.error);
    return answer(c, async () => {
      const { sessionToken, deviceToken } = await logIn(app, {
        ...parsed.data,
        ip: app.clientIp,
        deviceToken: readDeviceToken(c.req.raw, "member"),
        userAgent: c.req.header("user-agent"),
      });
      const member = await findSessionMember(app.db, sessionToken, app.now());
      c.header("Set-Cookie", sessionCookie(c.req.raw, sessionToken), { append: true });
      c.header("Set-Cookie", deviceCookie(c.req.raw, "member", deviceToken), { append: true });
      return c.json({ user: member && userJson(member, await notificationPreferences(app, member.id)) });
    });
  })
  .delete("/user.php", async (c) => {
    // Push switched off in this browser: ?push=1 with {endpoint}.
    if (c.req.query("push") === undefined) return apiError(c, 404, "not_found", "errors:apiNotFound");
    const member = requireMember(c);
    if (member instanceof Response) return member;
    const parsed = pushEndpointSchema.safeParse(await readBody(c));
    if (!parsed.success) return validationError(c, parsed.error);
    await removePushSubscription(c.var.app, member.id, parsed.data.endpoint);
    return c.json({ ok: true });
  })
  .put("/user.php", async (c) => {
    const member = requireMember(c);
    if (member instanceof Response) return member;
    const parsed = languageBodySchema.safeParse(await readBody(c));
    if (!parsed.success) return validationError(c, parsed.error);
    await setLanguage(c.var.app, member, parsed.data.language);
    c.header("Set-Cookie", localeCookie(c.req.raw, parsed.data.language), { append: true });
    return c.json({ ok: true, language: parsed.data.language });
  });
