// One MemberSignal per member: the member's open pages hold a hibernating
// WebSocket here, and whatever changes something they see (a message in one of
// their conversations, a like) tells this object, which tells every page in a
// tiny frame ({"type":"changed","what":"message"}). The pages then load their
// data again; the frame carries nothing else, so nothing here needs storage.
//
// The Worker authenticates the member and checks the page's origin before it
// hands a socket over (workers/api/signal.ts). A socket remembers its session's
// end: past it, the socket is closed rather than told, and the page reconnects
// through the Worker, which asks for a live session again. Sessions that end
// (logout, password change, ban) close their sockets at once (endSessions).
// The member keeps 5 open pages here; a sixth closes the oldest
// (newest-sockets.ts).
import { DurableObject } from "cloudflare:workers";
import { SOCKET_CLOSE } from "#app/schemas/chat.ts";
import { SIGNAL_PING, SIGNAL_PONG, type SignalChange, type SignalFrame } from "#app/schemas/live-signal.ts";
import type { EndedSessions } from "#app/server/chat/sockets.ts";
import { keepNewestSockets } from "./newest-sockets.ts";

interface Attachment {
  session: { id: string; expiresAt: number };
  /** When the socket was opened: the member keeps their newest (newest-sockets.ts). */
  openedAt?: number;
}

/** The session the Worker checked is past the end it knew: the page should reconnect and be asked again. */
const SESSION_RECHECK = 4408;

export class MemberSignal extends DurableObject<Env> {
  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    // Keep-alives are answered by the runtime without waking the object.
    ctx.setWebSocketAutoResponse(new WebSocketRequestResponsePair(SIGNAL_PING, SIGNAL_PONG));
  }

  override async fetch(request: Request): Promise<Response> {
    if (request.headers.get("Upgrade") !== "websocket")
      return new Response("Expected a WebSocket upgrade", { status: 426 });
    let session: Attachment["session"] | null = null;
    try {
      session = JSON.parse(request.headers.get("X-Session") ?? "null") as Attachment["session"] | null;
    } catch {
      session = null;
    }
    if (typeof session?.id !== "string" || typeof session.expiresAt !== "number")
      return new Response("Forbidden", { status: 403 });
    const { 0: client, 1: server } = new WebSocketPair();
    server.serializeAttachment({
      session: { id: session.id, expiresAt: session.expiresAt },
      openedAt: Date.now(),
    } satisfies Attachment);
    this.ctx.acceptWebSocket(server);
    keepNewestSockets(
      this.ctx.getWebSockets(),
      (socket) => (socket.deserializeAttachment() as Attachment).openedAt ?? 0,
    );
    return new Response(null, { status: 101, webSocket: client });
  }

  /** Pages only listen: anything they send but the keep-alive is ignored. */
  override async webSocketMessage() {}

  override async webSocketClose(socket: WebSocket, code: number) {
    this.close(socket, code === 1005 ? 1000 : code, "closing");
  }

  /** Something of the member's changed: every page of a live session hears it. Returns how many did. */
  changed(what: SignalChange): number {
    const frame = JSON.stringify({ type: "changed", what } satisfies SignalFrame);
    const now = Date.now();
    let told = 0;
    for (const socket of this.ctx.getWebSockets()) {
      const { session } = socket.deserializeAttachment() as Attachment;
      if (session.expiresAt <= now) {
        this.close(socket, SESSION_RECHECK, "session_recheck");
        continue;
      }
      try {
        socket.send(frame);
        told++;
      } catch {
        // Gone: the page reconnects, and its periodic refresh catches up meanwhile.
      }
    }
    return told;
  }

  /** Sessions of the member ended: their pages stop listening (and log out on the close code). */
  endSessions(ended: EndedSessions) {
    for (const socket of this.ctx.getWebSockets()) {
      const { session } = socket.deserializeAttachment() as Attachment;
      const gone = "session" in ended ? session.id === ended.session : session.id !== ended.allBut;
      if (gone) this.close(socket, SOCKET_CLOSE.sessionEnded, "authentication_required");
    }
  }

  private close(socket: WebSocket, code: number, reason: string) {
    try {
      socket.close(code, reason);
    } catch {
      // Already closed.
    }
  }
}
