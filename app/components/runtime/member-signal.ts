// The browser side of the member's live signal: one WebSocket to
// /api/signal/socket while the page is in view. A frame says that something
// of the member's changed (a message, a like); bursts of frames become one
// call of `onChanged` (the page loads its data again), so ten messages in a
// second cost one reload. A dropped socket reconnects with exponential
// backoff (reconnecting-socket.ts); a socket closed because the session
// ended logs out, as any /api call would (api.ts); one closed for the
// member's newer pages stays closed until this page is shown again. The
// periodic refresh stays as the fallback: if the signal cannot connect, pages
// are at most one refresh behind.

import { parseSignalFrame, SIGNAL_PING } from "#app/schemas/live-signal.ts";
import { SOCKET_CLOSE } from "#app/schemas/socket-close.ts";
import { sessionEnded } from "./api.ts";
import { backoffDelay, type OpenSocket, ReconnectingSocket } from "./reconnecting-socket.ts";

export const SIGNAL_PATH = "/api/signal/socket";
/** Frames within this window after the first one make one reload. */
export const COALESCE_MS = 150;
const PING_MS = 30_000;
const RECONNECT = { firstMs: 1_000, maxMs: 60_000 };

export interface MemberSignalOptions {
  onChanged: () => void;
  /** Where the page is (location): the socket goes to the same host. */
  location?: Pick<Location, "protocol" | "host">;
  openSocket?: OpenSocket;
  /** The end of the member's session (default: tell the runtime, which logs out). */
  onSessionEnded?: () => void;
}

export class MemberSignal {
  private readonly options: MemberSignalOptions;
  private readonly socket: ReconnectingSocket;
  private coalesceTimer: ReturnType<typeof setTimeout> | undefined;

  constructor(options: MemberSignalOptions) {
    this.options = options;
    this.socket = new ReconnectingSocket({
      url: () => this.url(),
      openSocket: options.openSocket,
      reconnectDelay: (attempt) => backoffDelay(attempt, RECONNECT),
      ping: { frame: SIGNAL_PING, everyMs: PING_MS },
      stopReason: "hidden",
      finalCloses: {
        [SOCKET_CLOSE.sessionEnded]: () => {
          this.dropPendingReload();
          (options.onSessionEnded ?? sessionEnded)();
        },
        // The member's newer pages hold the signal's sockets: this one waits to be shown again.
        [SOCKET_CLOSE.replaced]: () => {},
      },
      onMessage: (data) => {
        if (parseSignalFrame(data)) this.changed();
      },
    });
  }

  /** Starts listening (the page is in view); nothing if it already does. */
  start() {
    this.socket.start();
  }

  /** Stops listening (hidden, logged out, unmounted): no reconnect, no pending reload. */
  stop() {
    this.dropPendingReload();
    this.socket.stop();
  }

  private url() {
    const where = this.options.location ?? window.location;
    return `${where.protocol === "https:" ? "wss:" : "ws:"}//${where.host}${SIGNAL_PATH}`;
  }

  private changed() {
    if (this.coalesceTimer !== undefined) return;
    this.coalesceTimer = setTimeout(() => {
      this.coalesceTimer = undefined;
      this.options.onChanged();
    }, COALESCE_MS);
  }

  private dropPendingReload() {
    clearTimeout(this.coalesceTimer);
    this.coalesceTimer = undefined;
  }
}
