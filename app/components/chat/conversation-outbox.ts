// What the member sent in one conversation and the room has not confirmed
// yet. Each message keeps its clientId until the room confirms it, so a retry
// after a lost answer is stored and charged once. Until then it is also kept
// in the browser's storage (outbox-storage.ts), so after a reload it shows as
// "sending" again. On each connect, what is pending goes again once the room
// has answered the hello, so a message it already stored (its answer lost
// with the last connection) is not sent twice. A send the room asks to retry
// goes up to 5 times, 1 s, 2 s, 4 s, 8 s apart, then shows as failed until the
// member tries again; a refusal is said and the message given back. A send
// over HTTP that got no answer waits for the connection instead, uncounted.
import { downscalePhoto } from "#app/components/photos/downscale-photo.ts";
import { connectionBack, connectionLost } from "#app/components/runtime/connection.ts";
import type { ClientFrame, OutgoingMessage, ServerFrame } from "#app/schemas/chat.ts";
import {
  type ConversationState,
  type HttpAnswer,
  type MessageDraft,
  mergeBySeq,
  type PendingMessage,
} from "./conversation-state.ts";
import { type OutboxStorage, outboxStorage } from "./outbox-storage.ts";

const MAX_SEND_TRIES = 5;
const RETRY_BASE_MS = 1_000;

type SendAnswer = Extract<ServerFrame, { type: "sent" }> | { type: "error"; code: string; message: string };

/** What the outbox uses of its conversation's transport. */
export interface OutboxHost {
  conversationId: number;
  memberId: number;
  state(): ConversationState;
  set(patch: Partial<ConversationState>): void;
  running(): boolean;
  /** Over the socket; false when it is not open. */
  frame(frame: ClientFrame): boolean;
  call(path: string, init: RequestInit): Promise<HttpAnswer | null>;
  now(): number;
  onRejected?: (message: MessageDraft, code: string) => void;
}

const newClientId = () =>
  typeof crypto.randomUUID === "function"
    ? crypto.randomUUID()
    : Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, "0")).join("");

export class ConversationOutbox {
  private readonly host: OutboxHost;
  private readonly storage: OutboxStorage;
  private readonly retryTimers = new Map<string, ReturnType<typeof setTimeout>>();
  private readonly tries = new Map<string, number>();
  /** What went over the current socket, so a message goes once per connection. */
  private readonly sentOnSocket = new Set<string>();
  /** The socket opened and the room has not answered its hello yet: pending messages wait for that. */
  private awaitingHello = false;

  constructor(host: OutboxHost) {
    this.host = host;
    this.storage = outboxStorage(host.memberId, host.conversationId, host.now);
  }

  private get pending() {
    return this.host.state().pending;
  }

  /**
   * Messages stored on an earlier visit show as "sending" again; they go once
   * the connection is up. Those the page already shows were stored by the room.
   */
  restore() {
    const mine = this.host.state().messages.filter((m) => m.senderId === this.host.memberId);
    const delivered = new Set(mine.map((m) => m.clientId));
    const known = new Set(this.pending.map((p) => p.clientId));
    const entries = this.storage.read();
    this.storage.drop(entries.map((e) => e.message.clientId).filter((clientId) => delivered.has(clientId)));
    const restored: PendingMessage[] = [];
    for (const { message, createdAt } of entries) {
      const { clientId, ...draft } = message;
      if (delivered.has(clientId) || known.has(clientId)) continue;
      this.tries.set(clientId, 1);
      restored.push({ clientId, message: draft, preview: null, status: "sending", createdAt });
    }
    if (restored.length > 0) this.host.set({ pending: [...restored, ...this.pending] });
  }

  stop() {
    for (const timer of this.retryTimers.values()) clearTimeout(timer);
    this.retryTimers.clear();
    for (const pending of this.pending) if (pending.preview) URL.revokeObjectURL(pending.preview);
  }

  /** A new socket: what is pending waits for the room's answer to the hello. */
  connected() {
    this.sentOnSocket.clear();
    this.awaitingHello = true;
  }

  /**
   * The room answered the hello with what it holds after our newest message,
   * which took out of the outbox whatever it had stored (say, sent just before
   * the last connection dropped). The rest goes again, with its own clientId,
   * once on this connection.
   */
  afterHello() {
    if (!this.awaitingHello) return;
    this.awaitingHello = false;
    for (const pending of this.pending) {
      const { clientId, message } = pending;
      if (pending.status !== "sending" || !message) continue;
      if (this.retryTimers.has(clientId) || this.sentOnSocket.has(clientId)) continue;
      this.transmit(clientId, message);
    }
  }

  /** Polling from now on: what is pending goes over HTTP. */
  sendAll() {
    for (const pending of this.pending) {
      if (pending.status === "sending" && pending.message) this.transmit(pending.clientId, pending.message);
    }
  }

  /** The pending messages without those the room confirmed (they leave storage and their retries stop). */
  confirmed(clientIds: Set<string>) {
    for (const clientId of clientIds) this.forget(clientId);
    return this.without(clientIds);
  }

  /** The room stored a message: it shows as sent. */
  sent(frame: Extract<ServerFrame, { type: "sent" }>) {
    this.forget(frame.clientId);
    const state = this.host.state();
    this.host.set({
      messages: mergeBySeq(state.messages, [frame.message]),
      pending: this.without(new Set([frame.clientId])),
      credits: frame.credits ?? state.credits,
    });
  }

  /** The room did not take a message: try again later (retry) or say why, and give it back. */
  refused(clientId: string, code: string, message: string) {
    const pending = this.pending.find((p) => p.clientId === clientId);
    if (!pending?.message) return;
    if (code === "retry") {
      const tries = this.tries.get(clientId) ?? 1;
      if (tries >= MAX_SEND_TRIES) {
        this.retryTimers.delete(clientId);
        this.update(clientId, { status: "failed" });
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
    this.host.set({ pending: this.without(new Set([clientId])), alert: { code, message } });
    this.host.onRejected?.(pending.message, code);
  }

  private forget(clientId: string) {
    this.tries.delete(clientId);
    clearTimeout(this.retryTimers.get(clientId));
    this.retryTimers.delete(clientId);
  }

  /** The pending messages without those the room confirmed or refused, which also leave storage. */
  without(clientIds: Set<string>) {
    if (clientIds.size === 0) return this.pending;
    this.storage.drop(clientIds);
    return this.pending.filter((p) => {
      if (!clientIds.has(p.clientId)) return true;
      if (p.preview) URL.revokeObjectURL(p.preview);
      return false;
    });
  }

  private update(clientId: string, patch: Partial<PendingMessage>) {
    this.host.set({ pending: this.pending.map((p) => (p.clientId === clientId ? { ...p, ...patch } : p)) });
  }

  /** Sends a message now (or as soon as a connection is back); returns its clientId. */
  send(message: MessageDraft): string {
    const clientId = newClientId();
    const createdAt = this.host.now();
    this.storage.keep({ message: { ...message, clientId }, createdAt });
    this.host.set({
      alert: null,
      pending: [...this.pending, { clientId, message, preview: null, status: "sending", createdAt }],
    });
    this.tries.set(clientId, 1);
    this.transmit(clientId, message);
    return clientId;
  }

  /** Shrinks, uploads and sends a photo, shown meanwhile from the local file. */
  async sendPhoto(file: File) {
    const clientId = newClientId();
    this.host.set({
      alert: null,
      pending: [
        ...this.pending,
        {
          clientId,
          message: null,
          preview: URL.createObjectURL(file),
          status: "uploading",
          createdAt: this.host.now(),
        },
      ],
    });
    const form = new FormData();
    form.set("conversation", String(this.host.conversationId));
    form.set("photo", await downscalePhoto(file), "photo.jpg");
    const answer = await this.host.call("/api/chat/photo", { method: "POST", body: form });
    if (!this.host.running()) return;
    const body = answer?.body as { photo?: string; error?: string; message?: string } | null;
    if (!answer?.ok || !body?.photo) {
      this.host.set({
        pending: this.without(new Set([clientId])),
        alert: { code: body?.error ?? "network", message: body?.message ?? "" },
      });
      return;
    }
    const message: MessageDraft = { kind: "photo", photo: body.photo };
    const createdAt = this.pending.find((p) => p.clientId === clientId)?.createdAt ?? this.host.now();
    this.storage.keep({ message: { ...message, clientId }, createdAt });
    this.update(clientId, { message, status: "sending" });
    this.tries.set(clientId, 1);
    this.transmit(clientId, message);
  }

  /** A message that failed 5 times goes again, with the same clientId. */
  retry(clientId: string) {
    const pending = this.pending.find((p) => p.clientId === clientId);
    if (!pending?.message || pending.status !== "failed") return;
    this.tries.set(clientId, 1);
    this.update(clientId, { status: "sending" });
    this.transmit(clientId, pending.message);
  }

  /**
   * No answer over HTTP (offline): the message waits for the connection, then
   * goes again with its clientId; a lost connection is not a failed try.
   */
  private afterConnection(clientId: string, message: MessageDraft) {
    connectionLost();
    void connectionBack().then(() => {
      const pending = this.pending.find((p) => p.clientId === clientId);
      if (pending?.status === "sending" && !this.retryTimers.has(clientId)) this.transmit(clientId, message);
    });
  }

  /** Over the socket when it is open, over HTTP when polling; otherwise it waits for the socket. */
  private transmit(clientId: string, message: MessageDraft) {
    if (!this.host.running()) return;
    const outgoing = { ...message, clientId } as OutgoingMessage;
    if (this.host.frame({ type: "send", message: outgoing })) {
      this.sentOnSocket.add(clientId);
      return;
    }
    if (this.host.state().connection !== "polling") return;
    void this.host
      .call("/api/chat/messages", {
        method: "POST",
        body: JSON.stringify({ conversation: this.host.conversationId, message: outgoing }),
      })
      .then((answer) => {
        if (!this.host.running()) return;
        if (!answer) return this.afterConnection(clientId, message);
        if (answer.status >= 500) return this.refused(clientId, "retry", "");
        const body = answer.body as SendAnswer | { error: string; message: string } | null;
        if (body && "type" in body && body.type === "sent") return this.sent(body);
        const error = body && "error" in body ? body : { error: "retry", message: "" };
        this.refused(clientId, error.error, error.message);
      });
  }
}
