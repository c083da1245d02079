// /chats/{id}, the conversation screen: the conversation with its latest
// messages, what sending costs this member, the gifts, and (from md up) the
// chat list beside it. Opening it marks the conversation read.
import { and, eq } from "drizzle-orm";
import { useEffect, useRef } from "react";
import { data, useRevalidator } from "react-router";
import { ChatList } from "#app/components/chat/chat-list.tsx";
import { Conversation } from "#app/components/chat/conversation.tsx";
import { useReloadEvery } from "#app/components/chat/use-reload-every.ts";
import { TitleCount } from "#app/components/layout/page-frame.tsx";
import { useSiteChrome } from "#app/components/layout/use-site-chrome.ts";
import { ProfileNote } from "#app/components/members/profile-note.tsx";
import { getI18n } from "#app/i18n/i18next.server.ts";
import { requireMember } from "#app/server/accounts/guards.ts";
import { chatList } from "#app/server/chat/conversations.ts";
import { messageCost } from "#app/server/chat/costs.ts";
import { openConversation, readConversation } from "#app/server/chat/rooms.ts";
import { conversationParticipants } from "#app/server/db/schema.ts";
import { isDomainError } from "#app/server/errors.ts";
import { listGifts } from "#app/server/likes/gifts.ts";
import { timeZoneOf } from "#app/server/likes/local-day.ts";
import { readNote } from "#app/server/members/notes.ts";
import { cardRowsQuery, toMemberCard } from "#app/server/members/search.ts";
import type { Route } from "./+types/chats-id";

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const { app, member } = requireMember(context, request);
  const t = getI18n(context).t;
  const notFound = () => data({ message: t("errors:conversationNotFound") }, { status: 404 });
  const conversationId = /^[1-9]\d{0,14}$/.test(params.id) ? Number(params.id) : null;
  if (conversationId === null) throw notFound();
  const room = await openConversation(app, member.id, conversationId).catch((error: unknown) => {
    if (isDomainError(error) && error.code === "conversation_not_found") throw notFound();
    throw error;
  });

  const history = await room.room.history(member.id, {});
  if (history.type !== "messages") throw new Error("the room answered a history request with another frame");
  // Read up to the newest message shown, before the chat list below counts unread messages.
  await readConversation(app, room, history.messages.at(-1)?.seq ?? 0);

  const now = app.now();
  const country = member.profile.country;
  const [cards, chats, gifts, [otherRead], note] = await Promise.all([
    cardRowsQuery(app.db, [room.otherId]),
    chatList(app, member.id),
    listGifts(app),
    app.db
      .select({ seq: conversationParticipants.lastReadSeq })
      .from(conversationParticipants)
      .where(
        and(
          eq(conversationParticipants.conversationId, conversationId),
          eq(conversationParticipants.userId, room.otherId),
        ),
      ),
    readNote(app, member.id, room.otherId),
  ]);
  const card = cards[0] ? toMemberCard(cards[0], app, now) : null;
  if (!card) throw notFound();
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
    otherReadSeq: otherRead?.seq ?? 0,
    note,
    chats,
    now,
    timeZone: timeZoneOf(country),
    title: t("chat:conversation.title", { name: card.name }),
  };
}

export const meta = ({ loaderData }: Route.MetaArgs) => [{ title: loaderData?.title }];

export default function ChatScreen({ loaderData }: Route.ComponentProps) {
  const { conversationId, chats, now, timeZone } = loaderData;
  const member = useSiteChrome()?.member;
  useReloadEvery();
  useUnreadCountsAfterReading(conversationId, chats, member?.unreadMessages ?? 0);
  return (
    <>
      {member && <TitleCount count={member.unreadMessages + member.newLikes} />}
      <aside className="hidden w-[clamp(300px,32vw,400px)] flex-col border-r border-line bg-card md:flex">
        <ChatList chats={chats} activeId={conversationId} now={now} timeZone={timeZone} />
      </aside>
      {loaderData.note ? (
        // The note folds above the conversation; the conversation keeps the rest of the height.
        <div className="flex min-w-0 flex-1 flex-col [&>section]:min-h-0">
          <ProfileNote
            compact
            memberId={loaderData.other.id}
            name={loaderData.other.name}
            note={loaderData.note.text}
          />
          <Conversation key={conversationId} {...loaderData} />
        </div>
      ) : (
        <Conversation key={conversationId} {...loaderData} />
      )}
    </>
  );
}

/**
 * The root loader counted unread messages alongside this page's loader, which
 * just read the conversation: when its total is higher than what the chat list
 * still counts unread, reload it once so the badge and the title catch up.
 */
function useUnreadCountsAfterReading(conversationId: number, chats: { num_unread_messages: number }[], total: number) {
  const revalidator = useRevalidator();
  const checked = useRef<number | null>(null);
  const listed = chats.reduce((sum, chat) => sum + chat.num_unread_messages, 0);
  useEffect(() => {
    if (checked.current === conversationId) return;
    checked.current = conversationId;
    if (total > listed) void revalidator.revalidate();
  }, [conversationId, total, listed, revalidator]);
}
