// GET /api/signal/socket → WebSocket to the member's own live signal
// (workers/durable-objects/member-signal.ts), which tells their open pages
// when something they see has changed. Members only, from this site's own
// pages (the access gate checks the Origin, as for the chat socket): a visitor
// is told to log in, another site is refused.
import { Hono } from "hono";
import { memberSignalStub } from "#app/server/live-signal/signal.ts";
import type { AppEnv } from "#workers/server.ts";
import { requireMember } from "./auth.ts";
import { apiError } from "./errors.ts";

export const signalApi = new Hono<AppEnv>().get("/signal/socket", async (c) => {
  const member = requireMember(c);
  if (member instanceof Response) return member;
  if (c.req.header("Upgrade") !== "websocket") return apiError(c, 426, "upgrade_required", "errors:webSocketExpected");
  const headers = new Headers({ Upgrade: "websocket" });
  headers.set("X-Session", JSON.stringify({ id: member.session.id, expiresAt: member.session.expiresAt }));
  const upgraded = await memberSignalStub(c.env, member.id).fetch(new Request(c.req.url, { headers }));
  // A fresh response: the object's has immutable headers, and ours get security headers.
  return upgraded.webSocket ? new Response(null, { status: 101, webSocket: upgraded.webSocket }) : upgraded;
});
