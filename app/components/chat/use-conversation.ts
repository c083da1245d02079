// The browser side of one conversation (the protocol in app/schemas/chat.ts).
// A WebSocket to the conversation's room that says hello with the last seq it
// holds, so after a reconnect nothing is missed and, merged by seq, nothing is
// doubled. Without WebSocket (or after 5 failed connects) it polls and sends
// over HTTP instead. Each message keeps its clientId until the room confirms
// it, so a retry after a lost answer is stored and charged once. Until then it
// is also kept in the browser's storage (outbox-storage.ts), so after a reload
// it shows as "sending" again. On each connect, what is pending goes again once
// the room has answered the hello, so a message it already stored (its answer
// lost with the last connection) is not sent twice. When the
// session has ended (the room closes the socket saying so, or HTTP answers
// authentication_required) the member is logged out here too, as for any call
// (runtime/api.ts); when the conversation closed (a block) the page reloads to say so.
// Neither reconnects.
import { useEffect, useState, useSyncExternalStore } from "react";
import { apiFetch, isSessionEndedAnswer, sessionEnded } from "#app/components/runtime/api.ts";
import {
  type ChatMessage,
  type ClientFrame,
  type OutgoingMessage,
  type ServerFrame,
  SOCKET_CLOSE,
} from "#app/schemas/chat.ts";
import { downscalePhoto } from "./downscale-photo.ts";
import { type OutboxStorage, outboxStorage } from "./outbox-storage.ts";
import { POLL_START_MS, pollInterval } from "./poll-interval.ts";

const PING_MS = 25_000;
const TYPING_EVERY_MS = 2_000;
const TYPING_SHOWN_MS = 3_000;
const MAX_CONNECT_FAILURES = 5;
/** Failed requests are retried up to 5 times with exponential delay. */
const MAX_SEND_TRIES = 5;
const RETRY_BASE_MS = 1_000;
const RECONNECT_MAX_MS = 30_000;
/** The room answers a hello with at most this many messages; a full page means more are waiting. */
const HELLO_PAGE = 500;

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;
export type MessageDraft = DistributiveOmit<OutgoingMessage, "clientId">;

export interface PendingMessage {
  clientId: string;
  /** Null while its photo is still uploading. */
  message: MessageDraft | null;
  /** A local preview of a photo being sent. */
  preview: string | null;
  status: "uploading" | "sending" | "failed";
  createdAt: number;
}

export interface ChatAlert {
  code: string;
  /** Already in the member's language (from the server); empty: say the general error. */
  message: string;
}

export interface ConversationState {
  messages: ChatMessage[];
  hasOlder: boolean;
  loadingOlder: boolean;
  pending: PendingMessage[];
  otherTyping: boolean;
  otherReadSeq: number;
  /** The balance after the newest paid message, when the room told us. */
  credits: number | null;
  alert: ChatAlert | null;
  connection: "connecting" | "live" | "polling";
}

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
}

type SendAnswer = Extract<ServerFrame, { type: "sent" }> | { type: "error"; code: string; message: string };

const newClientId = () =>
  typeof crypto.randomUUID === "function"
    ? crypto.randomUUID()
    : Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, "0")).join("");

/** Messages by seq: a seq seen again replaces the old copy (e.g. a held message released). */
export function mergeBySeq(current: ChatMessage[], incoming: ChatMessage[]): ChatMessage[] {
  if (incoming.length === 0) return current;
  const bySeq = new Map(current.map((m) => [m.seq, m]));
  for (const message of incoming) bySeq.set(message.seq, message);
  return [...bySeq.values()].sort((a, b) => a.seq - b.seq);
}

/** One HTTP call; sends keep their own retries (same clientId), so none here, and show their own state. */
async function api(path: string, init: RequestInit = {}): Promise<{ ok: boolean; status: number; body: unknown }> {
  const headers = new Headers(init.headers);
  if (typeof init.body === "string") headers.set("Content-Type", "application/json");
  const response = await apiFetch(path, { ...init, headers }, { retries: 0, quiet: true });
  const body = await response.json().catch(() => null);
  return { ok: response.ok, status: response.status, body };
}

export class ConversationClient {
  state: ConversationState;
  private readonly options: ConversationOptions;
  private readonly listeners = new Set<() => void>();
  private running = false;
  private socket: WebSocket | null = null;
  private connectFailures = 0;
  private reconnectAttempt = 0;
  private reconnectTimer: ReturnType<typeof setTimeout> | undefined;
  private pingTimer: ReturnType<typeof setInterval> | undefined;
  private pollTimer: ReturnType<typeof setTimeout> | undefined;
  private typingTimer: ReturnType<typeof setTimeout> | undefined;
  private readonly retryTimers = new Map<string, ReturnType<typeof setTimeout>>();
  private readonly tries = new Map<string, number>();
  private readonly outbox: OutboxStorage;
  /** What went over the current socket, so a message goes once per connection. */
  private readonly sentOnSocket = new Set<string>();
  /** The socket opened and the room has not answered its hello yet: pending messages wait for that. */
  private awaitingHello = false;
  private lastTypingSent = 0;
  private lastReadSent = 0;
  private helloFromStart = false;

  constructor(options: ConversationOptions) {
    this.options = options;
    this.outbox = outboxStorage(options.memberId, options.conversationId);
    const newest = options.initial.messages.at(-1)?.seq ?? 0;
    // The page's loader marked everything it returned as read.
    this.lastReadSent = newest;
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
    this.restoreOutbox();
    this.connect();
  }

  /**
   * Messages stored on an earlier visit show as "sending" again; they go once
   * the connection is up. Those the page already shows were stored by the room.
   */
  private restoreOutbox() {
    const mine = this.state.messages.filter((m) => m.senderId === this.options.memberId);
    const delivered = new Set(mine.map((m) => m.clientId));
    const known = new Set(this.state.pending.map((p) => p.clientId));
    const entries = this.outbox.read();
    this.outbox.drop(entries.map((e) => e.message.clientId).filter((clientId) => delivered.has(clientId)));
    const restored: PendingMessage[] = [];
    for (const { message, createdAt } of entries) {
      const { clientId, ...draft } = message;
      if (delivered.has(clientId) || known.has(clientId)) continue;
      this.tries.set(clientId, 1);
      restored.push({ clientId, message: draft, preview: null, status: "sending", createdAt });
    }
    if (restored.length > 0) this.set({ pending: [...restored, ...this.state.pending] });
  }

  stop() {
    this.running = false;
    document.removeEventListener("visibilitychange", this.onVisibility);
    window.removeEventListener("online", this.onOnline);
    clearTimeout(this.reconnectTimer);
    clearInterval(this.pingTimer);
    clearTimeout(this.pollTimer);
    clearTimeout(this.typingTimer);
    for (const timer of this.retryTimers.values()) clearTimeout(timer);
    this.retryTimers.clear();
    const socket = this.socket;
    this.socket = null;
    socket?.close(1000, "page left");
    for (const pending of this.state.pending) if (pending.preview) URL.revokeObjectURL(pending.preview);
  }

  private get lastSeq() {
    return this.state.messages.at(-1)?.seq ?? 0;
  }

  private connect() {
    if (!this.running) return;
    if (typeof WebSocket === "undefined" || this.connectFailures >= MAX_CONNECT_FAILURES) {
      this.startPolling();
      return;
    }
    this.set({ connection: "connecting" });
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    const socket = new WebSocket(
      `${scheme}://${location.host}/api/chat/socket?conversation=${this.options.conversationId}`,
    );
    let opened = false;
    socket.addEventListener("open", () => {
      if (this.socket !== socket) return;
      opened = true;
      this.connectFailures = 0;
      this.reconnectAttempt = 0;
      this.set({ connection: "live" });
      this.sentOnSocket.clear();
      this.awaitingHello = true;
      this.hello();
      clearInterval(this.pingTimer);
      this.pingTimer = setInterval(() => this.frame({ type: "ping" }), PING_MS);
      this.markRead();
    });
    socket.addEventListener("message", (event) => {
      if (this.socket !== socket) return;
      let frame: ServerFrame;
      try {
        frame = JSON.parse(String(event.data)) as ServerFrame;
      } catch {
        return; // not a frame of ours: nothing to show
      }
      this.receive(frame);
    });
    socket.addEventListener("close", (event) => {
      if (this.socket !== socket) return;
      this.socket = null;
      clearInterval(this.pingTimer);
      if (!this.running) return;
      if (event.code === SOCKET_CLOSE.sessionEnded) return this.sessionEnded();
      if (event.code === SOCKET_CLOSE.conversationClosed) return this.conversationClosed();
      if (!opened) this.connectFailures += 1;
      this.set({ connection: "connecting" });
      const delay =
        Math.min(RECONNECT_MAX_MS, RETRY_BASE_MS * 2 ** this.reconnectAttempt) * (0.8 + Math.random() * 0.4);
      this.reconnectAttempt += 1;
      clearTimeout(this.reconnectTimer);
      this.reconnectTimer = setTimeout(() => this.connect(), delay);
    });
    this.socket = socket;
  }

  private onVisibility = () => {
    if (document.visibilityState !== "visible") return;
    this.markRead();
    // Back on the page: do not wait for the back-off to reconnect.
    if (this.state.connection === "connecting" && !this.socket) this.reconnectNow();
  };

  private onOnline = () => {
    if (this.state.connection === "connecting" && !this.socket) this.reconnectNow();
  };

  private reconnectNow() {
    clearTimeout(this.reconnectTimer);
    this.connect();
  }

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
  private async call(path: string, init?: RequestInit) {
    const answer = await api(path, init).catch(() => null);
    if (answer && isSessionEndedAnswer(answer.status, answer.body)) {
      this.sessionEnded();
      return null;
    }
    return answer;
  }

  private startPolling() {
    clearTimeout(this.pollTimer);
    this.set({ connection: "polling" });
    for (const pending of this.state.pending) {
      if (pending.status === "sending" && pending.message) this.transmit(pending.clientId, pending.message);
    }
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
    const socket = this.socket;
    if (!socket || socket.readyState !== WebSocket.OPEN) return false;
    socket.send(JSON.stringify(frame));
    return true;
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
        if (!frame.older) this.resendAfterHello();
        return;
      case "sent":
        return this.receiveSent(frame);
      case "error":
        // Not refused, but logged out: the message stays in the outbox for after the login.
        if (frame.code === "authentication_required") return this.sessionEnded();
        if (frame.clientId) return this.refused(frame.clientId, frame.code, frame.message);
        this.set({ alert: { code: frame.code, message: frame.message } });
        // Perhaps the hello that was refused: the messages go all the same.
        this.resendAfterHello();
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

  /**
   * The room answered the hello with what it holds after our newest message,
   * which took out of the outbox whatever it had stored (say, sent just before
   * the last connection dropped). The rest goes again, with its own clientId,
   * once on this connection.
   */
  private resendAfterHello() {
    if (!this.awaitingHello) return;
    this.awaitingHello = false;
    for (const pending of this.state.pending) {
      const { clientId, message } = pending;
      if (pending.status !== "sending" || !message) continue;
      if (this.retryTimers.has(clientId) || this.sentOnSocket.has(clientId)) continue;
      this.transmit(clientId, message);
    }
  }

  private receiveMessages(frame: Extract<ServerFrame, { type: "messages" }>) {
    const mine = new Set(frame.messages.filter((m) => m.senderId === this.options.memberId).map((m) => m.clientId));
    const fromOther = frame.messages.some((m) => m.senderId === this.options.otherId);
    for (const clientId of mine) this.forget(clientId);
    const patch: Partial<ConversationState> = {
      messages: mergeBySeq(this.state.messages, frame.messages),
      pending: this.withoutPending(mine),
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

  private receiveSent(frame: Extract<ServerFrame, { type: "sent" }>) {
    this.forget(frame.clientId);
    this.set({
      messages: mergeBySeq(this.state.messages, [frame.message]),
      pending: this.withoutPending(new Set([frame.clientId])),
      credits: frame.credits ?? this.state.credits,
    });
  }

  /** The room did not take a message: try again later (retry) or say why, and give it back. */
  private refused(clientId: string, code: string, message: string) {
    const pending = this.state.pending.find((p) => p.clientId === clientId);
    if (!pending?.message) return;
    if (code === "retry") {
      const tries = this.tries.get(clientId) ?? 1;
      if (tries >= MAX_SEND_TRIES) {
        this.retryTimers.delete(clientId);
        this.updatePending(clientId, { status: "failed" });
        return;
      }
      this.tries.set(clientId, tries + 1);
      const draft = pending.message;
      clearTimeout(this.retryTimers.get(clientId));
      this.retryTimers.set(
        clientId,
        setTimeout(
          () => {
            this.retryTimers.delete(clientId);
            this.transmit(clientId, draft);
          },
          RETRY_BASE_MS * 2 ** (tries - 1),
        ),
      );
      return;
    }
    this.forget(clientId);
    this.set({ pending: this.withoutPending(new Set([clientId])), alert: { code, message } });
    this.options.onRejected?.(pending.message, code);
  }

  private forget(clientId: string) {
    this.tries.delete(clientId);
    clearTimeout(this.retryTimers.get(clientId));
    this.retryTimers.delete(clientId);
  }

  /** The outbox without messages the room confirmed or refused, which also leave storage. */
  private withoutPending(clientIds: Set<string>) {
    if (clientIds.size === 0) return this.state.pending;
    this.outbox.drop(clientIds);
    return this.state.pending.filter((p) => {
      if (!clientIds.has(p.clientId)) return true;
      if (p.preview) URL.revokeObjectURL(p.preview);
      return false;
    });
  }

  private updatePending(clientId: string, patch: Partial<PendingMessage>) {
    this.set({ pending: this.state.pending.map((p) => (p.clientId === clientId ? { ...p, ...patch } : p)) });
  }

  // ---- What the member does ---------------------------------------------------

  /** Sends a message now (or as soon as a connection is back); returns its clientId. */
  send(message: MessageDraft): string {
    const clientId = newClientId();
    const createdAt = Date.now();
    this.outbox.keep({ message: { ...message, clientId }, createdAt });
    this.set({
      alert: null,
      pending: [...this.state.pending, { clientId, message, preview: null, status: "sending", createdAt }],
    });
    this.tries.set(clientId, 1);
    this.transmit(clientId, message);
    return clientId;
  }

  /** Shrinks, uploads and sends a photo, shown meanwhile from the local file. */
  async sendPhoto(file: File) {
    const clientId = newClientId();
    this.set({
      alert: null,
      pending: [
        ...this.state.pending,
        { clientId, message: null, preview: URL.createObjectURL(file), status: "uploading", createdAt: Date.now() },
      ],
    });
    const form = new FormData();
    form.set("conversation", String(this.options.conversationId));
    form.set("photo", await downscalePhoto(file), "photo.jpg");
    const answer = await this.call("/api/chat/photo", { method: "POST", body: form });
    if (!this.running) return;
    const body = answer?.body as { photo?: string; error?: string; message?: string } | null;
    if (!answer?.ok || !body?.photo) {
      this.set({
        pending: this.withoutPending(new Set([clientId])),
        alert: { code: body?.error ?? "network", message: body?.message ?? "" },
      });
      return;
    }
    const message: MessageDraft = { kind: "photo", photo: body.photo };
    const createdAt = this.state.pending.find((p) => p.clientId === clientId)?.createdAt ?? Date.now();
    this.outbox.keep({ message: { ...message, clientId }, createdAt });
    this.updatePending(clientId, { message, status: "sending" });
    this.tries.set(clientId, 1);
    this.transmit(clientId, message);
  }

  /** A message that failed 5 times goes again, with the same clientId. */
  retry(clientId: string) {
    const pending = this.state.pending.find((p) => p.clientId === clientId);
    if (!pending?.message || pending.status !== "failed") return;
    this.tries.set(clientId, 1);
    this.updatePending(clientId, { status: "sending" });
    this.transmit(clientId, pending.message);
  }

  /** Over the socket when it is open, over HTTP when polling; otherwise it waits for the socket. */
  private transmit(clientId: string, message: MessageDraft) {
    if (!this.running) return;
    const outgoing = { ...message, clientId } as OutgoingMessage;
    if (this.frame({ type: "send", message: outgoing })) {
      this.sentOnSocket.add(clientId);
      return;
    }
    if (this.state.connection !== "polling") return;
    void this.call("/api/chat/messages", {
      method: "POST",
      body: JSON.stringify({ conversation: this.options.conversationId, message: outgoing }),
    }).then((answer) => {
      if (!this.running) return;
      if (!answer || answer.status >= 500) return this.refused(clientId, "retry", "");
      const body = answer.body as SendAnswer | { error: string; message: string } | null;
      if (body && "type" in body && body.type === "sent") return this.receiveSent(body);
      const error = body && "error" in body ? body : { error: "retry", message: "" };
      this.refused(clientId, error.error, error.message);
    });
  }

  /** Tells the other member we are typing, at most every 2 s. */
  typing() {
    const now = Date.now();
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
    const mine = new Set(messages.filter((m) => m.senderId === this.options.memberId).map((m) => m.clientId));
    this.set({ messages: mergeBySeq(this.state.messages, messages), pending: this.withoutPending(mine) });
  }

  dismissAlert() {
    this.set({ alert: null });
  }
}

/** One conversation's live state; the component using it is keyed by conversation. */
export function useConversation(options: ConversationOptions) {
  const [client] = useState(() => new ConversationClient(options));
  const state = useSyncExternalStore(client.subscribe, client.getSnapshot, client.getSnapshot);
  useEffect(() => {
    client.start();
    return () => client.stop();
  }, [client]);
  const { messages } = options.initial;
  useEffect(() => {
    client.merge(messages);
  }, [client, messages]);
  return { ...state, client };
}
