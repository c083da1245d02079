// The chat wire protocol, shared by the browser and the
// ConversationRoom. Client → room messages are validated here; anything else
// is refused with an error frame.
import { z } from "zod";
import type { ErrorCode } from "#app/server/errors.ts";

const clientIdSchema = z.string().regex(/^[A-Za-z0-9-]{8,64}$/);

export const outgoingMessageSchema = z.discriminatedUnion("kind", [
  // No length cap here: the domain's message_length decides, so a long text is
  // told the limit (message_too_long) rather than "invalid input".
  z.object({ kind: z.literal("text"), clientId: clientIdSchema, text: z.string().trim().min(1) }),
  z.object({ kind: z.literal("gift"), clientId: clientIdSchema, giftId: z.number().int().positive() }),
  // The photo was uploaded first (POST /api/chat/photo); this sends it.
  z.object({
    kind: z.literal("photo"),
    clientId: clientIdSchema,
    photo: z.string().regex(/^c\/\d+\/[A-Za-z0-9_-]+\.jpg$/),
  }),
]);

export const clientFrameSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("hello"), lastSeq: z.number().int().min(0) }),
  z.object({ type: z.literal("send"), message: outgoingMessageSchema }),
  z.object({ type: z.literal("typing") }),
  z.object({ type: z.literal("read"), seq: z.number().int().min(0) }),
  z.object({ type: z.literal("older"), beforeSeq: z.number().int().min(1) }),
  z.object({ type: z.literal("ping") }),
]);

export type OutgoingMessage = z.infer<typeof outgoingMessageSchema>;

export { SOCKET_CLOSE } from "./socket-close.ts";
export type ClientFrame = z.infer<typeof clientFrameSchema>;

/** A message as clients see it. */
export interface ChatMessage {
  seq: number;
  clientId: string;
  /** 0 for a notice: the site's own words in the conversation, not a member's. */
  senderId: number;
  /** A notice is the site speaking (the warning to a member who may be vulnerable): free, never unread. */
  kind: "text" | "photo" | "gift" | "notice";
  text: string | null;
  gift: string | null;
  photo: string | null;
  createdAt: number;
  /** Held until the sender confirms their e-mail address (only the sender sees it). */
  held: boolean;
}

export type ServerFrame =
  | { type: "messages"; messages: ChatMessage[]; older: boolean; hasOlder: boolean }
  | { type: "sent"; clientId: string; message: ChatMessage; credits: number | null }
  | { type: "error"; clientId?: string; code: ErrorCode; message: string }
  | { type: "typing"; memberId: number }
  | { type: "read"; memberId: number; seq: number }
  | { type: "pong" };
