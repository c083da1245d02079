// /chats, the chats overview: the member's conversations, newest first. On
// phones the list is the screen; from md up it is the left panel beside an
// invitation to pick a conversation.
import { MessageCircle } from "lucide-react";
import { useTranslation } from "react-i18next";
import { ChatList } from "#app/components/chat/chat-list.tsx";
import { useReloadEvery } from "#app/components/chat/use-reload-every.ts";
import { TitleCount } from "#app/components/layout/page-frame.tsx";
import { useSiteChrome } from "#app/components/layout/use-site-chrome.ts";
import { getI18n } from "#app/i18n/i18next.server.ts";
import { requireMember } from "#app/routing/guards.server.ts";
import { chatList } from "#app/server/chat/conversations.ts";
import { timeZoneOf } from "#app/server/geo/time-zones.ts";
import type { Route } from "./+types/chats";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { app, member } = requireMember(context, request);
  return {
    chats: await chatList(app, member.id),
    now: app.now(),
    timeZone: timeZoneOf(member.profile.country),
    title: getI18n(context).t("chat:list.title"),
  };
}

export const meta = ({ loaderData }: Route.MetaArgs) => [{ title: loaderData?.title }];

export default function Chats({ loaderData: { chats, now, timeZone } }: Route.ComponentProps) {
  const { t } = useTranslation("chat");
  const member = useSiteChrome()?.member;
  useReloadEvery();
  return (
    <>
      {member && <TitleCount count={member.unreadMessages + member.newLikes} />}
      <aside className="flex w-full flex-col bg-card md:w-[clamp(300px,32vw,400px)] md:border-r md:border-line">
        <ChatList chats={chats} now={now} timeZone={timeZone} heading="h1" />
      </aside>
      <div className="hidden flex-1 flex-col items-center justify-center gap-3 p-8 text-center text-muted md:flex">
        <MessageCircle className="size-12 text-primary/60" aria-hidden="true" />
        <p>{chats.length > 0 ? t("list.choose") : t("list.emptyHint")}</p>
      </div>
    </>
  );
}
