// What the chat page shows of one conversation, as the transport keeps it
// (conversation-transport.ts), and the one rule for its messages: by seq.
import type { ChatMessage, OutgoingMessage } from "#app/schemas/chat.ts";

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

/** An HTTP answer, its body read as JSON (null when it is not). */
export type HttpAnswer = { ok: boolean; status: number; body: unknown };

/** Messages by seq: a seq seen again replaces the old copy (e.g. a held message released). */
export function mergeBySeq(current: ChatMessage[], incoming: ChatMessage[]): ChatMessage[] {
  if (incoming.length === 0) return current;
  const bySeq = new Map(current.map((m) => [m.seq, m]));
  for (const message of incoming) bySeq.set(message.seq, message);
  return [...bySeq.values()].sort((a, b) => a.seq - b.seq);
}
