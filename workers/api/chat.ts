// Chat endpoints (the compatibility list endpoints plus what the chat screen uses):
//   GET    /api/chats.php                 → { chats }
//   DELETE /api/chat.php {conversation}   → removes a chat from the member's list
//   GET    /api/chat/socket?conversation= → WebSocket to the conversation's room (the access gate admits
//                                           only this site's own pages, by Origin)
//   GET    /api/chat/messages?conversation=&after=|before= → messages (polling without WebSocket)
//   POST   /api/chat/messages {conversation, message} → send without WebSocket
//   POST   /api/chat/read {conversation, seq}
//   POST   /api/chat/operator-notice {conversation} → 204: the member confirms that a staff member answers
//                                           for the fictional profile (once per conversation, idempotent)
//   POST   /api/chat/photo (multipart: conversation, photo) → { photo } to send as a photo message; the photo
//                                           is taken and judged as /api/photos takes a profile photo, at most
//                                           50 a member a UTC day (chat/photos.ts)
// Each opens the conversation through openConversation first.
import { Hono } from "hono";
import { z } from "zod";
import { outgoingMessageSchema } from "#app/schemas/chat.ts";
import { chatList, hideConversation } from "#app/server/chat/conversations.ts";
import { storeChatPhoto } from "#app/server/chat/photos.ts";
import { openConversation, readConversation } from "#app/server/chat/rooms.ts";
import { confirmOperatorNotice } from "#app/server/fictional/operator-notice.ts";
import { readUpload } from "#app/server/photos/limits.ts";
import type { AppEnv } from "#workers/server.ts";
import { readBody, requireClientHeader, requireMember } from "./auth.ts";
import { answer, apiError, frameError, validationError } from "./errors.ts";
import { photoField } from "./photos.ts";

const conversationId = z.coerce.number().int().positive();
const pollQuery = z.object({
  conversation: conversationId,
  after: z.coerce.number().int().min(0).optional(),
  before: z.coerce.number().int().min(1).optional(),
});
const sendBody = z.object({ conversation: conversationId, message: outgoingMessageSchema });
const readBody_ = z.object({ conversation: conversationId, seq: z.number().int().min(0) });
const conversationBody = z.object({ conversation: conversationId });

export const chatApi = new Hono<AppEnv>()
  .use("/chat.php", requireClientHeader)
  .use("/chat/*", requireClientHeader)
  .get("/chats.php", async (c) => {
    const member = requireMember(c);
    if (member instanceof Response) return member;
    c.header("Cache-Control", "no-store");
    return c.json({ chats: await chatList(c.var.app, member.id) });
  })
  .delete("/chat.php", async (c) => {
    const member = requireMember(c);
    if (member instanceof Response) return member;
    const parsed = conversationBody.safeParse(await readBody(c));
    if (!parsed.success) return validationError(c, parsed.error);
    return answer(c, async () => {
      const conversation = await openConversation(c.var.app, member.id, parsed.data.conversation);
      await hideConversation(c.var.app, conversation);
      // Read to the end: what was unread is not counted again when a new message brings the chat back.
      await conversation.room.read(conversation.meta, member.id);
      return c.json({ ok: true });
    });
  })
  .get("/chat/socket", async (c) => {
    const member = requireMember(c);
    if (member instanceof Response) return member;
    if (c.req.header("Upgrade") !== "websocket")
      return apiError(c, 426, "upgrade_required", "errors:webSocketExpected");
    const parsed = conversationId.safeParse(c.req.query("conversation"));
    if (!parsed.success) return validationError(c, parsed.error);
    return answer(c, async () => {
      const { room, meta } = await openConversation(c.var.app, member.id, parsed.data);
      const headers = new Headers(c.req.raw.headers);
      headers.set("X-Room", JSON.stringify(meta));
      headers.set("X-Member-Id", String(member.id));
      headers.set("X-Session", JSON.stringify({ id: member.session.id, expiresAt: member.session.expiresAt }));
      headers.set("X-Locale", c.var.app.locale);
      const upgraded = await room.fetch(new Request(c.req.url, { headers }));
      // A fresh response: the room's has immutable headers, and ours get security headers.
      return upgraded.webSocket ? new Response(null, { status: 101, webSocket: upgraded.webSocket }) : upgraded;
    });
  })
  .get("/chat/messages", async (c) => {
    const member = requireMember(c);
    if (member instanceof Response) return member;
    const parsed = pollQuery.safeParse(c.req.query());
    if (!parsed.success) return validationError(c, parsed.error);
    return answer(c, async () => {
      const { room } = await openConversation(c.var.app, member.id, parsed.data.conversation);
      c.header("Cache-Control", "no-store");
      return c.json(await room.history(member.id, { after: parsed.data.after, before: parsed.data.before }));
    });
  })
  .post("/chat/messages", async (c) => {
    const member = requireMember(c);
    if (member instanceof Response) return member;
    const parsed = sendBody.safeParse(await readBody(c));
    if (!parsed.success) return validationError(c, parsed.error);
    return answer(c, async () => {
      const { room, meta } = await openConversation(c.var.app, member.id, parsed.data.conversation);
      const frame = await room.send(meta, member.id, parsed.data.message, {
        locale: c.var.app.locale,
        session: member.session.id,
      });
      return frame.type === "error" ? frameError(c, frame) : c.json(frame, 201);
    });
  })
  .post("/chat/read", async (c) => {
    const member = requireMember(c);
    if (member instanceof Response) return member;
    const parsed = readBody_.safeParse(await readBody(c));
    if (!parsed.success) return validationError(c, parsed.error);
    return answer(c, async () => {
      const conversation = await openConversation(c.var.app, member.id, parsed.data.conversation);
      await readConversation(conversation, parsed.data.seq);
      return c.json({ ok: true });
    });
  })
  .post("/chat/operator-notice", async (c) => {
    const member = requireMember(c);
    if (member instanceof Response) return member;
    const parsed = conversationBody.safeParse(await readBody(c));
    if (!parsed.success) return validationError(c, parsed.error);
    return answer(c, async () => {
      await confirmOperatorNotice(c.var.app, await openConversation(c.var.app, member.id, parsed.data.conversation));
      return c.body(null, 204);
    });
  })
  .post("/chat/photo", async (c) => {
    const member = requireMember(c);
    if (member instanceof Response) return member;
    const form = await c.req.formData().catch(() => null);
    const parsed = conversationId.safeParse(form?.get("conversation"));
    if (!parsed.success) return validationError(c, parsed.error);
    return answer(c, async () => {
      // The conversation first: to anyone outside it, it does not exist, whatever they sent.
      await openConversation(c.var.app, member.id, parsed.data);
      const file = photoField.safeParse({ photo: form?.get("photo") });
      if (!file.success) return validationError(c, file.error);
      const photo = await storeChatPhoto(c.var.app, member.id, parsed.data, await readUpload(file.data.photo));
      return c.json({ photo }, 201);
    });
  });
