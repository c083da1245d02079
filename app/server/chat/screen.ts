// The conversation screen (/chats/{id}) in one call: the conversation opened
// for the member and read up to its newest message, the other member's card
// and how far they have read, what sending costs this member, the gifts, the
// member's note on the other, and their chat list beside it.
import type { RequestContext } from "#app/context.ts";
import type { SessionMember } from "#app/server/accounts/session.ts";
import { DomainError } from "#app/server/errors.ts";
import { timeZoneOf } from "#app/server/geo/time-zones.ts";
import { listGifts } from "#app/server/likes/gifts.ts";
import { readNote } from "#app/server/members/notes.ts";
import { memberCards } from "#app/server/members/search.ts";
import { chatList, lastReadSeq } from "./conversations.ts";
import { messageCost } from "./costs.ts";
import { openConversation, readConversation } from "./rooms.ts";

type ScreenContext = Pick<RequestContext, "db" | "env" | "domain" | "settings" | "now">;

/** Throws conversation_not_found, as openConversation does, for a conversation the member cannot open. */
export async function conversationScreen(app: ScreenContext, member: SessionMember, conversationId: number) {
  const conversation = await openConversation(app, member.id, conversationId);
  const { otherId } = conversation;
  const history = await conversation.room.history(member.id, {});
  if (history.type !== "messages") throw new Error("the room answered a history request with another frame");
  // Read up to the newest message shown, before the chat list below counts unread messages.
  await readConversation(conversation, history.messages.at(-1)?.seq ?? 0);

  const now = app.now();
  const country = member.profile.country;
  const [cards, chats, gifts, otherReadSeq, note] = await Promise.all([
    memberCards(app, [otherId]),
    chatList(app, member.id),
    listGifts(app),
    lastReadSeq(app.db, conversationId, otherId),
    readNote(app, member.id, otherId),
  ]);
  const card = cards.get(otherId);
  if (!card) throw new DomainError("conversation_not_found");
  return {
    conversationId,
    memberId: member.id,
    other: {
      id: card.id,
      name: card.name,
      age: card.age,
      photo: card.photo,
      fictional: card.fictional,
      online: card.online,
    },
    credits: member.credits,
    paid: member.paidUser,
    costs: {
      text: messageCost(app.settings, "text", country),
      photo: messageCost(app.settings, "photo", country),
      gift: messageCost(app.settings, "gift", country),
    },
    messageLength: app.settings.message_length,
    gifts: gifts.map(({ id, slug, icon }) => ({ id, slug, icon })),
    history: { messages: history.messages, hasOlder: history.hasOlder },
    otherReadSeq,
    note,
    chats,
    now,
    timeZone: timeZoneOf(country),
  };
}
