// The chat outbox kept in the browser's storage, per member and conversation.
// A message the room has not confirmed yet would otherwise live in memory only,
// and a reload, a closed tab or a crash would lose it. Kept here it is shown
// and sent again, with its own clientId, when the conversation opens next; the
// room stores and charges a message once per clientId, so that is safe. It
// leaves when the room confirms or refuses it. Storage that is missing, full
// or holds anything else never breaks the chat: nothing is kept then, and what
// does not read back as an outgoing message is ignored. A message older than a
// day is not sent any more (the member has moved on; it would be charged out
// of the blue). Only the member who wrote a message ever sends it: the end of
// the session, however the browser learns of it (a logout, a page rendered for
// a visitor, the server saying the session ended), forgets every stored
// message on the device, and a member's page forgets any other member's (the
// app runtime sees to both). The text being typed (the draft) is kept the same
// way, per member and conversation, so a member who leaves to buy credits
// finds it back in the send box; it is forgotten once sent or emptied, and
// with the outbox when the session ends.
import { z } from "zod";
import { type OutgoingMessage, outgoingMessageSchema } from "#app/schemas/chat.ts";
import { DRAFT_PREFIX, OUTBOX_PREFIX, storage } from "./forget-outboxes.ts";

export { forgetOutboxes, forgetOutboxesBut } from "./forget-outboxes.ts";

export interface OutboxEntry {
  message: OutgoingMessage;
  /** When the member sent it (ms since the epoch). */
  createdAt: number;
}

const entrySchema = z.object({ message: outgoingMessageSchema, createdAt: z.number().int().nonnegative() });

/** Past this age a stored message is dropped rather than sent. */
export const OUTBOX_MAX_AGE_MS = 24 * 60 * 60 * 1000;

export const outboxKey = (memberId: number, conversationId: number) => `${OUTBOX_PREFIX}${memberId}:${conversationId}`;

/** One conversation's stored outbox. */
export function outboxStorage(memberId: number, conversationId: number, now: () => number = Date.now) {
  const key = outboxKey(memberId, conversationId);

  /** What is stored, oldest first; entries that do not parse (or repeat a clientId) are left out. */
  const read = (): OutboxEntry[] => {
    let data: unknown;
    try {
      const raw = storage()?.getItem(key);
      if (!raw) return [];
      data = JSON.parse(raw);
    } catch {
      return [];
    }
    if (!Array.isArray(data)) return [];
    const seen = new Set<string>();
    const entries: OutboxEntry[] = [];
    for (const item of data) {
      const parsed = entrySchema.safeParse(item);
      if (!parsed.success || seen.has(parsed.data.message.clientId)) continue;
      if (now() - parsed.data.createdAt > OUTBOX_MAX_AGE_MS) continue;
      seen.add(parsed.data.message.clientId);
      entries.push(parsed.data);
    }
    return entries;
  };

  const write = (entries: OutboxEntry[]) => {
    try {
      const store = storage();
      if (entries.length === 0) store?.removeItem(key);
      else store?.setItem(key, JSON.stringify(entries));
    } catch {
      // Full or not allowed: the message stays in memory only, as without storage.
    }
  };

  return {
    read,
    /** Keeps a message until the room confirms or refuses it. */
    keep(entry: OutboxEntry) {
      write([...read().filter((e) => e.message.clientId !== entry.message.clientId), entry]);
    },
    /** Forgets messages the room confirmed or refused. */
    drop(clientIds: Iterable<string>) {
      const gone = new Set(clientIds);
      if (gone.size === 0) return;
      const entries = read();
      const rest = entries.filter((e) => !gone.has(e.message.clientId));
      if (rest.length !== entries.length) write(rest);
    },
  };
}

export type OutboxStorage = ReturnType<typeof outboxStorage>;

/** One conversation's draft: the text in the send box that was not sent yet. */
export function draftStorage(memberId: number, conversationId: number) {
  const key = `${DRAFT_PREFIX}${memberId}:${conversationId}`;
  return {
    read(): string {
      try {
        return storage()?.getItem(key) ?? "";
      } catch {
        return "";
      }
    },
    write(text: string) {
      try {
        if (text.trim()) storage()?.setItem(key, text);
        else storage()?.removeItem(key);
      } catch {
        // Full or not allowed: the draft lives in the send box only.
      }
    },
  };
}
