// One WebSocket kept up while started: the machinery under the chat's socket
// (chat/conversation-socket.ts) and the member's live signal
// (member-signal.ts), which each bring their own waits and limits. A dropped
// socket reconnects after the caller's back-off, counted from the start again
// once a socket opened; while open, a keep-alive frame goes out at the
// caller's interval. A close code the caller names as final, or too many
// connects in a row that never opened, ends it, as stop() does; connects that
// fail while the browser is offline do not count towards that.

type SocketLike = Pick<WebSocket, "send" | "close" | "addEventListener"> & { readonly readyState: number };

/** Opens a socket; null where the browser has none. One that throws is tried again later. */
export type OpenSocket = (url: string) => SocketLike | null;

const openBrowserSocket: OpenSocket = (url) => (typeof WebSocket === "undefined" ? null : new WebSocket(url));

const OPEN = 1;

export interface Backoff {
  firstMs: number;
  maxMs: number;
  /** Each wait is spread by ± this fraction, so that many clients do not all come back at once. */
  spread?: number;
}

/** The wait before reconnect number `attempt` (0 first): firstMs doubling up to maxMs, spread by `random` (0 ≤ x < 1). */
export const backoffDelay = (attempt: number, { firstMs, maxMs, spread = 0 }: Backoff, random = 0.5) =>
  Math.min(maxMs, firstMs * 2 ** attempt) * (1 - spread + random * (2 * spread));

export interface ReconnectingSocketOptions {
  /** Read at each connect. */
  url: () => string;
  /** Default: the browser's WebSocket. */
  openSocket?: OpenSocket;
  /** The wait before reconnect number `attempt` (0 first). */
  reconnectDelay: (attempt: number) => number;
  /** The keep-alive frame and how often it goes while the socket is open. */
  ping: { frame: string; everyMs: number };
  /** Gives up after this many connects in a row that never opened (default: never). */
  maxConnectFailures?: number;
  /** Said to the server on stop(). */
  stopReason: string;
  /** Close codes that end it, each with what follows. */
  finalCloses?: Readonly<Record<number, () => void>>;
  /** A connect begins, or a dropped socket waits to reconnect. */
  onConnecting?: () => void;
  onOpen?: () => void;
  onMessage: (data: unknown) => void;
  /** No socket, now or later (none in this browser, or too many failed connects). */
  onUnavailable?: () => void;
}

export class ReconnectingSocket {
  private readonly options: ReconnectingSocketOptions;
  private socket: SocketLike | null = null;
  private running = false;
  private connectFailures = 0;
  private reconnectAttempt = 0;
  private reconnectTimer: ReturnType<typeof setTimeout> | undefined;
  private pingTimer: ReturnType<typeof setInterval> | undefined;

  constructor(options: ReconnectingSocketOptions) {
    this.options = options;
  }

  /** Connects; nothing if already started. */
  start() {
    if (this.running) return;
    this.running = true;
    this.connect();
  }

  /** Closes the socket: no reconnect, no ping. */
  stop() {
    this.running = false;
    clearTimeout(this.reconnectTimer);
    clearInterval(this.pingTimer);
    const socket = this.socket;
    this.socket = null;
    try {
      socket?.close(1000, this.options.stopReason);
    } catch {
      // Already closed.
    }
  }

  /** Sends when the socket is open; false when it is not. */
  send(data: string): boolean {
    const socket = this.socket;
    if (!socket || socket.readyState !== OPEN) return false;
    socket.send(data);
    return true;
  }

  /** Waiting to reconnect (no socket now): try at once rather than after the back-off. */
  reconnectNow() {
    if (!this.running || this.socket) return;
    clearTimeout(this.reconnectTimer);
    this.connect();
  }

  private connect() {
    if (!this.running) return;
    const { options } = this;
    let socket: SocketLike | null = null;
    if (this.connectFailures < (options.maxConnectFailures ?? Number.POSITIVE_INFINITY)) {
      try {
        socket = (options.openSocket ?? openBrowserSocket)(options.url());
      } catch {
        return this.dropped(false);
      }
    }
    if (!socket) {
      this.running = false;
      return options.onUnavailable?.();
    }
    options.onConnecting?.();
    this.socket = socket;
    let opened = false;
    socket.addEventListener("open", () => {
      if (this.socket !== socket) return;
      opened = true;
      this.connectFailures = 0;
      this.reconnectAttempt = 0;
      options.onOpen?.();
      clearInterval(this.pingTimer);
      this.pingTimer = setInterval(() => this.send(options.ping.frame), options.ping.everyMs);
    });
    socket.addEventListener("message", (event) => {
      if (this.socket === socket) options.onMessage(event.data);
    });
    socket.addEventListener("close", (event) => {
      if (this.socket !== socket) return;
      this.socket = null;
      clearInterval(this.pingTimer);
      const final = options.finalCloses?.[event.code];
      if (!final) return this.dropped(opened);
      this.running = false;
      final();
    });
  }

  /** A socket gone (or none made): reconnect after the back-off. */
  private dropped(opened: boolean) {
    if (!this.running) return;
    // Offline, no socket can open: that says nothing about whether this server takes sockets.
    if (!opened && !browserOffline()) this.connectFailures += 1;
    this.options.onConnecting?.();
    const delay = this.options.reconnectDelay(this.reconnectAttempt);
    this.reconnectAttempt += 1;
    clearTimeout(this.reconnectTimer);
    this.reconnectTimer = setTimeout(() => this.connect(), delay);
  }
}

const browserOffline = () => typeof navigator !== "undefined" && navigator.onLine === false;
