// The browser side of one conversation (the protocol in app/schemas/chat.ts),
// without React: use-conversation.ts subscribes to it. A WebSocket to the
// conversation's room (conversation-socket.ts) says hello with the last seq it
// holds, so after a reconnect nothing is missed and, merged by seq, nothing is
// doubled. Without a socket it polls and sends over HTTP instead. What the
// member sends waits in the outbox (conversation-outbox.ts) until the room
// confirms it. When the session has ended (the room closes the socket saying
// so, or HTTP answers authentication_required) the member is logged out here
// too, as for any call (runtime/api.ts); when the conversation closed (a
// block) the page reloads to say so. Neither reconnects.
import { apiFetch, isSessionEndedAnswer, sessionEnded } from "#app/components/runtime/api.ts";
import type { OpenSocket } from "#app/components/runtime/reconnecting-socket.ts";
import type { ChatMessage, ClientFrame, ServerFrame } from "#app/schemas/chat.ts";
import { ConversationOutbox } from "./conversation-outbox.ts";
import { ConversationSocket } from "./conversation-socket.ts";
import { type ConversationState, type HttpAnswer, type MessageDraft, mergeBySeq } from "./conversation-state.ts";
import { POLL_START_MS, pollInterval } from "./poll-interval.ts";

const TYPING_EVERY_MS = 2_000;
const TYPING_SHOWN_MS = 3_000;
/** The room answers a hello with at most this many messages; a full page means more are waiting. */
const HELLO_PAGE = 500;

export interface ConversationOptions {
  conversationId: number;
  memberId: number;
  otherId: number;
  initial: { messages: ChatMessage[]; hasOlder: boolean; otherReadSeq: number };
  /** A message the room refused (nothing was charged): e.g. give its text back to the input. */
  onRejected?: (message: MessageDraft, code: string) => void;
  /** The session ended on the server; by default the browser logs out (to the login page, to come back here). */
  onSessionEnded?: () => void;
  /** The conversation is no longer open to the member; by default the page reloads (and says so). */
  onConversationClosed?: () => void;
  /** The page's address: the socket goes to the same host (default: the browser's). */
  location?: Pick<Location, "protocol" | "host">;
  /** Default: the browser's WebSocket. */
  openSocket?: OpenSocket;
  /** One HTTP call to /api (default: apiFetch, once: sends keep their own retries and state). */
  request?: (path: string, init: RequestInit) => Promise<HttpAnswer>;
  now?: () => number;
  random?: () => number;
}

async function apiRequest(path: string, init: RequestInit): Promise<HttpAnswer> {
  const headers = new Headers(init.headers);
  if (typeof init.body === "string") headers.set("Content-Type", "application/json");
  const response = await apiFetch(path, { ...init, headers }, { retries: 0, quiet: true });
  const body = await response.json().catch(() => null);
  return { ok: response.ok, status: response.status, body };
}

export class ConversationTransport {
  state: ConversationState;
  private readonly options: ConversationOptions;
  private readonly listeners = new Set<() => void>();
  private readonly socket: ConversationSocket;
  private readonly outbox: ConversationOutbox;
  private readonly now: () => number;
  private running = false;
  private pollTimer: ReturnType<typeof setTimeout> | undefined;
  private typingTimer: ReturnType<typeof setTimeout> | undefined;
  private lastTypingSent = 0;
  private lastReadSent = 0;
  private helloFromStart = false;

  constructor(options: ConversationOptions) {
    this.options = options;
    this.now = options.now ?? Date.now;
    // The page's loader marked everything it returned as read.
    this.lastReadSent = options.initial.messages.at(-1)?.seq ?? 0;
    this.state = {
      messages: options.initial.messages,
      hasOlder: options.initial.hasOlder,
      loadingOlder: false,
      pending: [],
      otherTyping: false,
      otherReadSeq: options.initial.otherReadSeq,
      credits: null,
      alert: null,
      connection: "connecting",
    };
    this.socket = new ConversationSocket({
      // Read when connecting: the page also renders on the server, where there is no location.
      url: () => {
        const where = options.location ?? window.location;
        const scheme = where.protocol === "https:" ? "wss" : "ws";
        return `${scheme}://${where.host}/api/chat/socket?conversation=${options.conversationId}`;
      },
      openSocket: options.openSocket,
      random: options.random,
      onConnecting: () => this.set({ connection: "connecting" }),
      onOpen: () => this.opened(),
      onFrame: (frame) => this.receive(frame),
      onUnavailable: () => this.startPolling(),
      onSessionEnded: () => this.sessionEnded(),
      onConversationClosed: () => this.conversationClosed(),
    });
    this.outbox = new ConversationOutbox({
      conversationId: options.conversationId,
      memberId: options.memberId,
      state: () => this.state,
      set: (patch) => this.set(patch),
      running: () => this.running,
      frame: (frame) => this.frame(frame),
      call: (path, init) => this.call(path, init),
      now: this.now,
      onRejected: options.onRejected,
    });
  }

  // ---- Store (useSyncExternalStore) -----------------------------------------

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = () => this.state;

  private set(patch: Partial<ConversationState>) {
    this.state = { ...this.state, ...patch };
    for (const listener of this.listeners) listener();
  }

  // ---- Lifecycle --------------------------------------------------------------

  start() {
    if (this.running) return;
    this.running = true;
    document.addEventListener("visibilitychange", this.onVisibility);
    window.addEventListener("online", this.onOnline);
    this.outbox.restore();
    this.socket.start();
  }

  stop() {
    this.running = false;
    document.removeEventListener("visibilitychange", this.onVisibility);
    window.removeEventListener("online", this.onOnline);
    clearTimeout(this.pollTimer);
    clearTimeout(this.typingTimer);
    this.outbox.stop();
    this.socket.stop();
  }

  private get lastSeq() {
    return this.state.messages.at(-1)?.seq ?? 0;
  }

  private opened() {
    this.set({ connection: "live" });
    this.outbox.connected();
    this.hello();
    this.markRead();
  }

  private onVisibility = () => {
    if (document.visibilityState !== "visible") return;
    this.markRead();
    // Back on the page: do not wait for the back-off to reconnect.
    if (this.state.connection === "connecting") this.socket.reconnectNow();
  };

  private onOnline = () => {
    if (this.state.connection === "connecting") this.socket.reconnectNow();
  };

  /** Logged out on the server: nothing more is tried here, and the browser logs out too. */
  private sessionEnded() {
    if (!this.running) return;
    this.stop();
    (this.options.onSessionEnded ?? sessionEnded)();
  }

  private conversationClosed() {
    if (!this.running) return;
    this.stop();
    (this.options.onConversationClosed ?? (() => window.location.reload()))();
  }

  /** An HTTP answer; null when there was none, or when it says the session ended (then logged out). */
  private async call(path: string, init: RequestInit = {}) {
    const answer = await (this.options.request ?? apiRequest)(path, init).catch(() => null);
    if (answer && isSessionEndedAnswer(answer.status, answer.body)) {
      this.sessionEnded();
      return null;
    }
    return answer;
  }

  private startPolling() {
    clearTimeout(this.pollTimer);
    this.set({ connection: "polling" });
    this.outbox.sendAll();
    void pollInterval().then((every) => {
      const tick = async () => {
        if (!this.running) return;
        await this.fetchNewer();
        this.pollTimer = setTimeout(tick, every);
      };
      if (this.running) this.pollTimer = setTimeout(tick, POLL_START_MS);
    });
  }

  private frame(frame: ClientFrame): boolean {
    return this.socket.send(frame);
  }

  private hello() {
    this.helloFromStart = this.lastSeq === 0;
    this.frame({ type: "hello", lastSeq: this.lastSeq });
  }

  private async fetchNewer() {
    const answer = await this.call(
      `/api/chat/messages?conversation=${this.options.conversationId}&after=${this.lastSeq}`,
    );
    if (answer?.ok) this.receive(answer.body as ServerFrame);
  }

  // ---- What the room says -----------------------------------------------------

  private receive(frame: ServerFrame) {
    switch (frame.type) {
      case "messages":
        this.receiveMessages(frame);
        if (!frame.older) this.outbox.afterHello();
        return;
      case "sent":
        return this.outbox.sent(frame);
      case "error":
        // Not refused, but logged out: the message stays in the outbox for after the login.
        if (frame.code === "authentication_required") return this.sessionEnded();
        if (frame.clientId) return this.outbox.refused(frame.clientId, frame.code, frame.message);
        this.set({ alert: { code: frame.code, message: frame.message } });
        // Perhaps the hello that was refused: the messages go all the same.
        this.outbox.afterHello();
        return;
      case "typing":
        if (frame.memberId !== this.options.otherId) return;
        clearTimeout(this.typingTimer);
        this.typingTimer = setTimeout(() => this.set({ otherTyping: false }), TYPING_SHOWN_MS);
        return this.set({ otherTyping: true });
      case "read":
        if (frame.memberId === this.options.otherId && frame.seq > this.state.otherReadSeq) {
          this.set({ otherReadSeq: frame.seq });
        }
        return;
      case "pong":
        return;
    }
  }

  private mine(messages: ChatMessage[]) {
    return new Set(messages.filter((m) => m.senderId === this.options.memberId).map((m) => m.clientId));
  }

  private receiveMessages(frame: Extract<ServerFrame, { type: "messages" }>) {
    const fromOther = frame.messages.some((m) => m.senderId === this.options.otherId);
    const patch: Partial<ConversationState> = {
      pending: this.outbox.confirmed(this.mine(frame.messages)),
      messages: mergeBySeq(this.state.messages, frame.messages),
    };
    if (frame.older) {
      patch.hasOlder = frame.hasOlder;
      patch.loadingOlder = false;
    } else if (this.helloFromStart) {
      patch.hasOlder = frame.hasOlder;
      this.helloFromStart = false;
    }
    if (fromOther) {
      clearTimeout(this.typingTimer);
      patch.otherTyping = false;
    }
    this.set(patch);
    if (!frame.older && frame.messages.length >= HELLO_PAGE) this.hello();
    if (fromOther) this.markRead();
  }

  // ---- What the member does ---------------------------------------------------

  /** Sends a message now (or as soon as a connection is back); returns its clientId. */
  send(message: MessageDraft): string {
    return this.outbox.send(message);
  }

  /** Shrinks, uploads and sends a photo, shown meanwhile from the local file. */
  sendPhoto(file: File) {
    return this.outbox.sendPhoto(file);
  }

  /** A message that failed 5 times goes again, with the same clientId. */
  retry(clientId: string) {
    this.outbox.retry(clientId);
  }

  /** Tells the other member we are typing, at most every 2 s. */
  typing() {
    const now = this.now();
    if (now - this.lastTypingSent < TYPING_EVERY_MS) return;
    if (this.frame({ type: "typing" })) this.lastTypingSent = now;
  }

  loadOlder() {
    const first = this.state.messages[0]?.seq;
    if (!first || first <= 1 || this.state.loadingOlder) return;
    this.set({ loadingOlder: true });
    if (this.frame({ type: "older", beforeSeq: first })) return;
    void this.call(`/api/chat/messages?conversation=${this.options.conversationId}&before=${first}`).then((answer) => {
      if (!this.running) return;
      if (answer?.ok) this.receive(answer.body as ServerFrame);
      else this.set({ loadingOlder: false, alert: { code: "network", message: "" } });
    });
  }

  /** The newest message counts as read while the page is in view. */
  markRead() {
    const seq = this.lastSeq;
    if (seq <= this.lastReadSent || document.visibilityState !== "visible") return;
    this.lastReadSent = seq;
    if (this.frame({ type: "read", seq })) return;
    void this.call("/api/chat/read", {
      method: "POST",
      body: JSON.stringify({ conversation: this.options.conversationId, seq }),
    }).then((answer) => {
      if (!answer?.ok) this.lastReadSent = 0; // try again with the next message
    });
  }

  /** Messages the page's loader brought (e.g. after a revalidation). */
  merge(messages: ChatMessage[]) {
    this.set({
      messages: mergeBySeq(this.state.messages, messages),
      pending: this.outbox.without(this.mine(messages)),
    });
  }

  dismissAlert() {
    this.set({ alert: null });
  }
}
