// GET /api/bench/echo?room=<n>: a WebSocket to a bare EchoRoom, the chat
// benchmark's baseline. A developer door: the access gate refuses it in production.
import { Hono } from "hono";
import type { AppEnv } from "#workers/server.ts";
import { apiError } from "./errors.ts";

export const benchApi = new Hono<AppEnv>().get("/bench/echo", async (c) => {
  if (c.req.header("Upgrade") !== "websocket") return apiError(c, 426, "upgrade_required", "errors:webSocketExpected");
  const room = c.env.ECHO_ROOM.get(c.env.ECHO_ROOM.idFromName(`echo:${c.req.query("room") ?? "0"}`));
  const upgraded = await room.fetch(new Request(c.req.url, { headers: c.req.raw.headers }));
  return new Response(null, { status: 101, webSocket: upgraded.webSocket });
});
