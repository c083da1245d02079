// The chats overview: one row per conversation with the
// other member, the newest message, its time and the unread count. Removing a
// chat hides it at once, then asks the server (retried: removing a removed
// chat changes nothing); if that fails, a toast says why and the list reloads.
// The conversation the member opened last (last-opened.ts) is marked and
// scrolled into view, so coming back to the list shows where they were.
import { ArrowLeft, Heart, MessageCircle, Search, Trash2 } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useRevalidator } from "react-router";
import { showToast } from "#app/components/layout/toast-host.tsx";
import { useSiteChrome } from "#app/components/layout/use-site-chrome.ts";
import { FictionalBadge } from "#app/components/members/fictional-badge.tsx";
import { apiFetch } from "#app/components/runtime/api.ts";
import { formatBadge } from "#app/i18n/format.ts";
import { useLocale } from "#app/i18n/use-locale.ts";
import type { ChatListItem } from "#app/server/chat/conversations.ts";
import { lastChatOpened } from "./last-opened.ts";
import { listTime } from "./time.ts";

export function ChatList({
  chats,
  activeId = null,
  now,
  timeZone,
  heading: Heading = "h2",
}: {
  chats: ChatListItem[];
  activeId?: number | null;
  now: number;
  timeZone: string;
  heading?: "h1" | "h2";
}) {
  const { t } = useTranslation("chat");
  const revalidator = useRevalidator();
  const navigate = useNavigate();
  const [removed, setRemoved] = useState<ReadonlySet<number>>(new Set());
  const shown = chats.filter((chat) => !removed.has(chat.conversation.id));
  const lastOpened = useLastOpened();

  async function remove(id: number) {
    setRemoved((ids) => new Set(ids).add(id));
    const response = await apiFetch("/api/chat.php", {
      method: "DELETE",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ conversation: id }),
    }).catch(() => null);
    if (response?.ok) {
      if (id === activeId) navigate("/chats", { replace: true });
      return;
    }
    const body = (await response?.json().catch(() => null)) as { message?: string } | null;
    showToast({ tone: "danger", text: t("list.removeFailed", { message: body?.message || t("errors:general") }) });
    setRemoved((ids) => {
      const next = new Set(ids);
      next.delete(id);
      return next;
    });
    void revalidator.revalidate();
  }

  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <header className="flex h-16 shrink-0 items-center gap-2 border-b border-line px-3">
        <Link to="/members" className="btn-ghost min-w-11 px-0" aria-label={t("list.back")}>
          <ArrowLeft className="size-5" aria-hidden="true" />
        </Link>
        <Heading className="text-lg font-bold">{t("list.title")}</Heading>
      </header>
      {shown.length === 0 ? (
        <EmptyChats />
      ) : (
        <ul className="min-h-0 flex-1 divide-y divide-line overflow-y-auto" data-testid="chat-list">
          {shown.map((chat) => (
            <ChatRow
              key={chat.conversation.id}
              chat={chat}
              active={chat.conversation.id === activeId}
              lastOpened={chat.conversation.id === lastOpened}
              now={now}
              timeZone={timeZone}
              onRemove={() => void remove(chat.conversation.id)}
            />
          ))}
        </ul>
      )}
    </div>
  );
}

/** The conversation this member opened last in this tab, known once the page is in the browser. */
function useLastOpened() {
  const memberId = useSiteChrome()?.member?.id ?? null;
  const [conversation, setConversation] = useState<number | null>(null);
  useEffect(() => {
    setConversation(memberId === null ? null : (lastChatOpened(memberId)?.conversation ?? null));
  }, [memberId]);
  return conversation;
}

function ChatRow({
  chat,
  active,
  lastOpened,
  now,
  timeZone,
  onRemove,
}: {
  chat: ChatListItem;
  active: boolean;
  lastOpened: boolean;
  now: number;
  timeZone: string;
  onRemove: () => void;
}) {
  const { t } = useTranslation("chat");
  const locale = useLocale();
  const { profile, last_message: last, num_unread_messages: unread } = chat;
  const at = last?.at;
  const row = useRef<HTMLLIElement>(null);
  useEffect(() => {
    if (lastOpened && !active) row.current?.scrollIntoView({ block: "nearest" });
  }, [lastOpened, active]);
  const tone = active
    ? "bg-primary-soft"
    : lastOpened
      ? "bg-primary-soft/50 hover:bg-primary-soft"
      : "hover:bg-surface";
  return (
    <li
      ref={row}
      className={`flex items-center ${tone}`}
      data-testid="chat-row"
      data-last-opened={lastOpened ? "" : undefined}
    >
      <Link
        to={`/chats/${chat.conversation.id}`}
        aria-current={active ? "page" : undefined}
        className="flex min-w-0 flex-1 items-center gap-3 py-3 pl-3 focus-visible:outline-offset-[-3px]"
      >
        <span className="relative shrink-0">
          {profile.photo ? (
            <img src={profile.photo} alt="" width={48} height={48} className="size-12 rounded-full object-cover" />
          ) : (
            <span
              className="flex size-12 items-center justify-center rounded-full bg-secondary-soft text-lg font-bold text-secondary"
              aria-hidden="true"
            >
              {profile.name.slice(0, 1)}
            </span>
          )}
          {profile.online && (
            <span
              className="absolute right-0 bottom-0 size-3 rounded-full border-2 border-card bg-success"
              role="img"
              aria-label={t("members:online")}
            />
          )}
        </span>
        <span className="min-w-0 flex-1">
          <span className="flex items-baseline gap-1.5">
            <span className="truncate font-semibold" data-testid="chat-name">
              {profile.name}
            </span>
            <span className="text-sm text-muted">{profile.age}</span>
            {at !== undefined && (
              <time className="ml-auto shrink-0 text-xs text-muted" dateTime={new Date(at).toISOString()}>
                {listTime(at, now, locale, timeZone)}
              </time>
            )}
          </span>
          <span className="mt-0.5 flex items-center gap-2">
            <span className={`truncate text-sm ${unread > 0 ? "font-semibold text-ink" : "text-muted"}`}>
              <Preview chat={chat} />
            </span>
            {unread > 0 && (
              <span className="badge ml-auto shrink-0 bg-unread text-unread-ink" data-testid="chat-unread">
                <span aria-hidden="true">{formatBadge(unread, locale)}</span>
                <span className="sr-only">{t("list.unread", { count: unread })}</span>
              </span>
            )}
          </span>
          {profile.fictional && <FictionalBadge className="mt-1" />}
        </span>
      </Link>
      <button
        type="button"
        className="btn-ghost mx-1 min-w-11 shrink-0 px-0 text-muted hover:text-danger"
        aria-label={t("list.remove", { name: profile.name })}
        onClick={onRemove}
      >
        <Trash2 className="size-4" aria-hidden="true" />
      </button>
    </li>
  );
}

/** The newest message in a few words: the text, or "photo" / the gift's name; "you: " before one's own. */
function Preview({ chat }: { chat: ChatListItem }) {
  const { t } = useTranslation("chat");
  const last = chat.last_message;
  if (!last) return <>{t("list.noMessages")}</>;
  const what =
    last.kind === "photo"
      ? t("list.photo")
      : last.kind === "gift"
        ? t("list.gift", { gift: t(`members:gifts.${last.preview}`, { defaultValue: last.preview }) })
        : last.preview;
  return <>{last.from_me ? t("list.you", { text: what }) : what}</>;
}

function EmptyChats() {
  const { t } = useTranslation("chat");
  return (
    <div className="flex flex-1 flex-col items-center justify-center gap-3 p-6 text-center" data-testid="chats-empty">
      <MessageCircle className="size-10 text-primary" aria-hidden="true" />
      <p className="font-semibold">{t("list.empty")}</p>
      <p className="text-sm text-muted">{t("list.emptyHint")}</p>
      <div className="mt-2 flex flex-wrap justify-center gap-2">
        <Link to="/members" className="btn-primary">
          <Search className="size-4" aria-hidden="true" /> {t("list.search")}
        </Link>
        <Link to="/swipe-game" className="btn-outline">
          <Heart className="size-4" aria-hidden="true" /> {t("list.swipe")}
        </Link>
      </div>
    </div>
  );
}
