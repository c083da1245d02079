// Mail endpoints that come from outside a page:
//   POST /api/mail/unsubscribe?token=  one-click unsubscribe (RFC 8058), what a
//        mail client posts for the List-Unsubscribe-Post header (a GET goes
//        to the /unsubscribe page, which asks first).
//   POST /api/mail/events              bounce and spam-complaint reports of the
//        mail provider, with `Authorization: Bearer <MAIL_WEBHOOK_SECRET>`.
// Neither can carry this site's Origin, so index.ts exempts them from the CSRF check.
import { Hono } from "hono";
import { applyMailEvents, isMailProvider, mailEventsSchema } from "#app/server/notifications/mail-events.ts";
import { unsubscribe } from "#app/server/notifications/unsubscribe.ts";
import type { AppEnv } from "#workers/server.ts";
import { readBody } from "./auth.ts";
import { answer, apiError, validationError } from "./errors.ts";

export const mailApi = new Hono<AppEnv>()
  // A mail client without one-click support opens the address instead: the page asks.
  .get("/mail/unsubscribe", (c) => {
    const url = new URL("/unsubscribe", c.req.url);
    url.searchParams.set("token", c.req.query("token") ?? "");
    return c.redirect(url.pathname + url.search, 303);
  })
  .post("/mail/unsubscribe", async (c) => {
    // RFC 8058 sends "List-Unsubscribe=One-Click" as the body; the token is in the URL.
    await c.req.arrayBuffer().catch(() => null);
    return answer(c, async () => {
      await unsubscribe(c.var.app, c.req.query("token") ?? "");
      return c.json({ ok: true });
    });
  })
  .post("/mail/events", async (c) => {
    if (!(await isMailProvider(c.var.app, c.req.header("authorization")))) {
      return apiError(c, 401, "unauthorized", "errors:webhookUnauthorized");
    }
    const parsed = mailEventsSchema.safeParse(await readBody(c));
    if (!parsed.success) return validationError(c, parsed.error);
    return c.json(await applyMailEvents(c.var.app, parsed.data));
  });
