// A bare relay between the sockets of one room: the benchmark's baseline for
// what a Durable Object round trip costs here, next to ConversationRoom. With
// `d1`, it also waits for one D1 write per message before relaying it: the
// floor under any message that must be committed (paid) before it is delivered.
// Not reachable in production (see workers/api/bench.ts).
import { DurableObject } from "cloudflare:workers";

export class EchoRoom extends DurableObject<Env> {
  override async fetch(request: Request): Promise<Response> {
    if (request.headers.get("Upgrade") !== "websocket")
      return new Response("Expected a WebSocket upgrade", { status: 426 });
    const { 0: client, 1: server } = new WebSocketPair();
    server.serializeAttachment({ d1: request.headers.get("X-Bench-D1") === "1" });
    this.ctx.acceptWebSocket(server);
    return new Response(null, { status: 101, webSocket: client });
  }

  override async webSocketMessage(sender: WebSocket, message: string | ArrayBuffer) {
    if ((sender.deserializeAttachment() as { d1: boolean }).d1) {
      // One row written and committed, as a paid message's batch is at least.
      await this.env.DB.prepare(
        "update conversations set last_seq = last_seq where id = (select min(id) from conversations)",
      ).run();
    }
    for (const socket of this.ctx.getWebSockets()) if (socket !== sender) socket.send(message);
  }

  override async webSocketClose(socket: WebSocket, code: number) {
    socket.close(code === 1005 ? 1000 : code, "closing");
  }
}
