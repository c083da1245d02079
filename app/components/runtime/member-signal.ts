// The browser side of the member's live signal: one WebSocket to
// /api/signal/socket while the page is in view. A frame says that something
// of the member's changed (a message, a like); bursts of frames become one
// call of `onChanged` (the page loads its data again), so ten messages in a
// second cost one reload. A dropped socket reconnects with exponential
// backoff; a socket closed because the session ended logs out, as any /api
// call would (api.ts). The periodic refresh stays as the fallback: if the
// signal cannot connect, pages are at most one refresh behind.

import { parseSignalFrame, SIGNAL_PING } from "#app/schemas/live-signal.ts";
import { SOCKET_CLOSE } from "#app/schemas/socket-close.ts";
import { sessionEnded } from "./api.ts";

export const SIGNAL_PATH = "/api/signal/socket";
/** Frames within this window after the first one make one reload. */
export const COALESCE_MS = 150;
const PING_MS = 30_000;
const RECONNECT_BASE_MS = 1_000;
const RECONNECT_MAX_MS = 60_000;

type SocketLike = Pick<WebSocket, "close" | "send" | "readyState" | "addEventListener">;

export interface MemberSignalOptions {
  onChanged: () => void;
  /** Where the page is (location): the socket goes to the same host. */
  location?: Pick<Location, "protocol" | "host">;
  openSocket?: (url: string) => SocketLike;
  /** The end of the member's session (default: tell the runtime, which logs out). */
  onSessionEnded?: () => void;
}

export class MemberSignal {
  private readonly options: MemberSignalOptions;
  private socket: SocketLike | null = null;
  private running = false;
  private attempt = 0;
  private reconnectTimer: ReturnType<typeof setTimeout> | undefined;
  private pingTimer: ReturnType<typeof setInterval> | undefined;
  private coalesceTimer: ReturnType<typeof setTimeout> | undefined;

  constructor(options: MemberSignalOptions) {
    this.options = options;
  }

  /** Starts listening (the page is in view); nothing if it already does. */
  start() {
    if (this.running) return;
    this.running = true;
    this.connect();
  }

  /** Stops listening (hidden, logged out, unmounted): no reconnect, no pending reload. */
  stop() {
    this.running = false;
    clearTimeout(this.reconnectTimer);
    clearTimeout(this.coalesceTimer);
    this.coalesceTimer = undefined;
    clearInterval(this.pingTimer);
    const socket = this.socket;
    this.socket = null;
    try {
      socket?.close(1000, "hidden");
    } catch {
      // Already closed.
    }
  }

  private url() {
    const where = this.options.location ?? window.location;
    return `${where.protocol === "https:" ? "wss:" : "ws:"}//${where.host}${SIGNAL_PATH}`;
  }

  private connect() {
    let socket: SocketLike;
    try {
      socket = (this.options.openSocket ?? ((url) => new WebSocket(url)))(this.url());
    } catch {
      return this.reconnectLater();
    }
    this.socket = socket;
    socket.addEventListener("open", () => {
      if (this.socket !== socket) return;
      this.attempt = 0;
      clearInterval(this.pingTimer);
      this.pingTimer = setInterval(() => {
        if (socket.readyState === 1) socket.send(SIGNAL_PING);
      }, PING_MS);
    });
    socket.addEventListener("message", (event) => {
      if (this.socket === socket && parseSignalFrame((event as MessageEvent).data)) this.changed();
    });
    socket.addEventListener("close", (event) => {
      if (this.socket !== socket) return;
      this.socket = null;
      clearInterval(this.pingTimer);
      if ((event as CloseEvent).code === SOCKET_CLOSE.sessionEnded) {
        this.running = false;
        return (this.options.onSessionEnded ?? sessionEnded)();
      }
      this.reconnectLater();
    });
  }

  private reconnectLater() {
    if (!this.running) return;
    const delay = Math.min(RECONNECT_MAX_MS, RECONNECT_BASE_MS * 2 ** this.attempt);
    this.attempt++;
    this.reconnectTimer = setTimeout(() => {
      if (this.running) this.connect();
    }, delay);
  }

  private changed() {
    if (this.coalesceTimer !== undefined) return;
    this.coalesceTimer = setTimeout(() => {
      this.coalesceTimer = undefined;
      if (this.running) this.options.onChanged();
    }, COALESCE_MS);
  }
}
