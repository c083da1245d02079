// A bare relay between the sockets of one room: the benchmark's baseline for
// what a Durable Object round trip costs here, next to ConversationRoom. Not
// reachable in production (see workers/api/bench.ts).
import { DurableObject } from "cloudflare:workers";

export class EchoRoom extends DurableObject<Env> {
  override async fetch(request: Request): Promise<Response> {
    if (request.headers.get("Upgrade") !== "websocket")
      return new Response("Expected a WebSocket upgrade", { status: 426 });
    const { 0: client, 1: server } = new WebSocketPair();
    this.ctx.acceptWebSocket(server);
    return new Response(null, { status: 101, webSocket: client });
  }

  override async webSocketMessage(sender: WebSocket, message: string | ArrayBuffer) {
    for (const socket of this.ctx.getWebSockets()) if (socket !== sender) socket.send(message);
  }

  override async webSocketClose(socket: WebSocket, code: number) {
    socket.close(code === 1005 ? 1000 : code, "closing");
  }
}
