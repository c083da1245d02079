// /chats/{id}, the conversation screen: the conversation with its latest
// messages, what sending costs this member, the gifts, and (from md up) the
// chat list beside it. Opening it marks the conversation read. With a
// fictional profile it also says whether a staff member answers there and
// whether the member confirmed the notice that one does.
import { useEffect, useRef } from "react";
import { useRevalidator } from "react-router";
import { ChatList } from "#app/components/chat/chat-list.tsx";
import { Conversation } from "#app/components/chat/conversation.tsx";
import { rememberChatOpened } from "#app/components/chat/last-opened.ts";
import { useReloadEvery } from "#app/components/chat/use-reload-every.ts";
import { TitleCount } from "#app/components/layout/page-frame.tsx";
import { useSiteChrome } from "#app/components/layout/use-site-chrome.ts";
import { ProfileNote } from "#app/components/members/profile-note.tsx";
import { getI18n } from "#app/i18n/i18next.server.ts";
import { orErrorPage } from "#app/routing/forms.server.ts";
import { requireMember } from "#app/routing/guards.server.ts";
import { parseId } from "#app/routing/params.ts";
import { conversationScreen } from "#app/server/chat/screen.ts";
import { DomainError } from "#app/server/errors.ts";
import { operatorNoticeState } from "#app/server/fictional/operator-notice.ts";
import type { Route } from "./+types/chats-id";

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const { app, member } = requireMember(context, request);
  const t = getI18n(context).t;
  const screen = await orErrorPage(t, async () => {
    const conversationId = parseId(params.id);
    if (conversationId === null) throw new DomainError("conversation_not_found");
    return conversationScreen(app, member, conversationId);
  });
  const operatorNotice = screen.other.fictional
    ? await operatorNoticeState(app, {
        conversationId: screen.conversationId,
        memberId: member.id,
        otherId: screen.other.id,
      })
    : null;
  return { ...screen, operatorNotice, title: t("chat:conversation.title", { name: screen.other.name }) };
}

export const meta = ({ loaderData }: Route.MetaArgs) => [{ title: loaderData?.title }];

export default function ChatScreen({ loaderData }: Route.ComponentProps) {
  const { conversationId, chats, now, timeZone } = loaderData;
  const member = useSiteChrome()?.member;
  useReloadEvery();
  useUnreadCountsAfterReading(conversationId, chats, member?.unreadMessages ?? 0);
  const memberId = member?.id;
  const otherId = loaderData.other.id;
  useEffect(() => {
    if (memberId) rememberChatOpened({ member: memberId, profile: otherId, conversation: conversationId });
  }, [memberId, otherId, conversationId]);
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
