// What members are told when something happens to them: a new conversation
// or message, a like, a match. Pushes go
// out for every message (one notification per conversation replaces the
// previous); e-mail at most once per conversation every 6 hours, and not
// while the member is on the site.
import { eq } from "drizzle-orm";
import type { Database } from "#app/server/db/client.ts";
import { profiles } from "#app/server/db/schema.ts";
import { deliverQueuedMail } from "#app/server/mail/outbox.ts";
import type { PushMessage } from "#app/server/push/send.ts";
import { type NotifyContext, notify } from "./deliver.ts";
import { loadRecipient, type Recipient } from "./recipients.ts";

const HOUR = 3_600_000;
/** Activity is recorded at most every 5 minutes: within 10 the member counts as on the site. */
const ONLINE_MS = 10 * 60_000;
const MESSAGE_MAIL_EVERY = 6 * HOUR;

const isOnline = (recipient: Recipient, now: number) => recipient.lastActivity > now - ONLINE_MS;

/**
 * Who a notification is from: their name, their gender for languages that
 * speak of them in it, and whether it is a fictional profile (then named so).
 */
async function senderOf(db: Database, memberId: number) {
  const [row] = await db
    .select({ name: profiles.name, gender: profiles.gender, fictional: profiles.fictional })
    .from(profiles)
    .where(eq(profiles.userId, memberId));
  return {
    sender: row?.name ?? "",
    ...(row ? { senderGender: row.gender } : {}),
    ...(row?.fictional ? { senderFictional: true } : {}),
  };
}

/** Sends the mail just queued, so it does not wait for the hourly run. */
async function deliverSoon(app: NotifyContext, mailed: boolean) {
  if (mailed) await deliverQueuedMail(app, { limit: 10 });
}

export interface DeliveredMessage {
  conversationId: number;
  senderId: number;
  recipientId: number;
  seq: number;
  /** The message as the chat list shows it, told by the room that delivered it. */
  lastMessage: NonNullable<PushMessage["lastMessage"]>;
}

/** A message reached its recipient: the first of a conversation is a new conversation. */
export async function notifyNewMessage(app: NotifyContext, message: DeliveredMessage) {
  const recipient = await loadRecipient(app.db, message.recipientId);
  if (!recipient) return null;
  const now = app.now();
  const first = message.seq === 1;
  const conversation = message.conversationId;
  const sent = await notify(app, recipient, {
    type: first ? "new_conversation" : "new_message",
    template: first ? "new_conversation" : "new_message",
    params: await senderOf(app.db, message.senderId),
    path: `/chats/${conversation}`,
    key: {
      push: `message:${conversation}:${message.seq}`,
      email: first ? `conversation:${conversation}` : `message:${conversation}:${Math.floor(now / MESSAGE_MAIL_EVERY)}`,
    },
    push: { ttl: 24 * 3600, urgency: "high", topic: `c${conversation}`, tag: `conversation-${conversation}` },
    lastMessage: message.lastMessage,
    skipEmail: isOnline(recipient, now),
  });
  await deliverSoon(app, sent.email);
  return sent;
}

/** A member liked another; when the other liked them first, it is a match. */
export async function notifyLike(app: NotifyContext, like: { likerId: number; likedId: number; match: boolean }) {
  const recipient = await loadRecipient(app.db, like.likedId);
  if (!recipient) return null;
  const template = like.match ? "match" : "like";
  const sent = await notify(app, recipient, {
    type: "like",
    template,
    params: await senderOf(app.db, like.likerId),
    path: like.match ? `/members/${like.likerId}` : `/likes/m/${like.likerId}`,
    key: { push: `${template}:${like.likerId}`, email: `${template}:${like.likerId}` },
    push: { ttl: 3 * 24 * 3600, urgency: "normal", tag: `${template}-${like.likerId}` },
    skipEmail: isOnline(recipient, app.now()),
  });
  await deliverSoon(app, sent.email);
  return sent;
}
