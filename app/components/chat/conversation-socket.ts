// The WebSocket under one conversation (conversation-transport.ts says what
// goes over it), kept up by runtime/reconnecting-socket.ts. A dropped socket
// reconnects after 1 s, doubling up to 30 s, each wait ±20 % so that a room's
// members do not all come back at once. Without WebSocket, or after 5
// connects in a row that never opened, it gives up for good and says so: the
// conversation polls over HTTP instead, as it does when the room closes this
// socket for the member's newer ones. A close saying the session ended or
// the conversation closed is final too.
import { backoffDelay, type OpenSocket, ReconnectingSocket } from "#app/components/runtime/reconnecting-socket.ts";
import { type ClientFrame, type ServerFrame, SOCKET_CLOSE } from "#app/schemas/chat.ts";

const PING: ClientFrame = { type: "ping" };
const PING_MS = 25_000;
const MAX_CONNECT_FAILURES = 5;
const RECONNECT = { firstMs: 1_000, maxMs: 30_000, spread: 0.2 };

interface ConversationSocketEvents {
  /** A connect begins, or a dropped socket waits to reconnect. */
  onConnecting(): void;
  onOpen(): void;
  onFrame(frame: ServerFrame): void;
  /** No socket, now or later: poll instead. */
  onUnavailable(): void;
  onSessionEnded(): void;
  onConversationClosed(): void;
}

export interface ConversationSocketOptions extends ConversationSocketEvents {
  url: () => string;
  openSocket?: OpenSocket;
  /** 0 ≤ x < 1, for the spread of the reconnect waits. */
  random?: () => number;
}

/** The wait before reconnect number `attempt` (0 first): 1 s doubling to 30 s, spread ±20 %. */
export const reconnectDelay = (attempt: number, random: number) => backoffDelay(attempt, RECONNECT, random);

export class ConversationSocket {
  private readonly socket: ReconnectingSocket;

  constructor(options: ConversationSocketOptions) {
    const random = options.random ?? Math.random;
    this.socket = new ReconnectingSocket({
      url: options.url,
      openSocket: options.openSocket,
      reconnectDelay: (attempt) => reconnectDelay(attempt, random()),
      ping: { frame: JSON.stringify(PING), everyMs: PING_MS },
      maxConnectFailures: MAX_CONNECT_FAILURES,
      stopReason: "page left",
      finalCloses: {
        [SOCKET_CLOSE.sessionEnded]: () => options.onSessionEnded(),
        [SOCKET_CLOSE.conversationClosed]: () => options.onConversationClosed(),
        // The member's newer pages hold the room's sockets: this one polls.
        [SOCKET_CLOSE.replaced]: () => options.onUnavailable(),
      },
      onConnecting: () => options.onConnecting(),
      onOpen: () => options.onOpen(),
      onMessage: (data) => {
        let frame: ServerFrame;
        try {
          frame = JSON.parse(String(data)) as ServerFrame;
        } catch {
          return; // not a frame of ours: nothing to show
        }
        options.onFrame(frame);
      },
      onUnavailable: () => options.onUnavailable(),
    });
  }

  start() {
    this.socket.start();
  }

  stop() {
    this.socket.stop();
  }

  /** Sends a frame when the socket is open; false when it is not. */
  send(frame: ClientFrame): boolean {
    return this.socket.send(JSON.stringify(frame));
  }

  /** Waiting to reconnect (no socket now): try at once rather than after the back-off. */
  reconnectNow() {
    this.socket.reconnectNow();
  }
}
