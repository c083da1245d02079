// GET /api/bench/echo?room=<n>[&d1=1]: a WebSocket to a bare EchoRoom, the chat
// benchmark's baseline (with d1=1, one D1 write per message before relaying). A local tool: only builds with __LOCAL_TOOLS__ add it, and
// as a function it leaves nothing in a production bundle.
import type { Hono } from "hono";
import type { AppEnv } from "#workers/server.ts";
import { apiError } from "./errors.ts";

/** Only local builds bind the relay (vite.config.ts adds it to their Worker). */
type LocalToolsEnv = { ECHO_ROOM: DurableObjectNamespace };

export function addBenchRoutes(api: Hono<AppEnv>) {
  api.get("/bench/echo", async (c) => {
    if (c.req.header("Upgrade") !== "websocket")
      return apiError(c, 426, "upgrade_required", "errors:webSocketExpected");
    const relay = (c.env as unknown as LocalToolsEnv).ECHO_ROOM;
    const room = relay.get(relay.idFromName(`echo:${c.req.query("room") ?? "0"}`));
    const headers = new Headers(c.req.raw.headers);
    headers.set("X-Bench-D1", c.req.query("d1") === "1" ? "1" : "0");
    const upgraded = await room.fetch(new Request(c.req.url, { headers }));
    return new Response(null, { status: 101, webSocket: upgraded.webSocket });
  });
}
