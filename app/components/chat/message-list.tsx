// The messages of a conversation: bubbles (mine right in the primary
// colour, theirs left), photos and gifts, day separators and times in the
// member's locale, older messages on request, the typing indicator and "seen"
// under my newest message. It stays at the bottom unless the member scrolled up.
// While offline, a message of mine not sent yet shows a clock and says it
// waits for a connection; it goes once the connection is back.
import { AlertCircle, Clock, Flag, RotateCw } from "lucide-react";
import { Fragment, type ReactNode, useLayoutEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { GiftIcon } from "#app/components/members/gift-icon.tsx";
import { useLocale } from "#app/i18n/use-locale.ts";
import type { ChatMessage } from "#app/schemas/chat.ts";
import type { PendingMessage } from "./conversation-state.ts";
import { SiteNotice } from "./site-notice.tsx";
import { dayLabel, messageTime, sameDay } from "./time.ts";

export interface GiftInfo {
  id: number;
  slug: string;
  icon: string;
}

/** Chat photos are served to the conversation's members only, under /media/chat/. */
const chatPhotoUrl = (key: string) => `/media/chat/${key.replace(/^c\//, "")}`;

const NEAR_BOTTOM_PX = 80;

export function MessageList({
  messages,
  pending,
  memberId,
  otherName,
  gifts,
  hasOlder,
  loadingOlder,
  otherTyping,
  otherReadSeq,
  now,
  timeZone,
  onLoadOlder,
  onRetry,
  onReport,
  before,
  empty,
  offline = false,
}: {
  messages: ChatMessage[];
  pending: PendingMessage[];
  memberId: number;
  otherName: string;
  gifts: GiftInfo[];
  hasOlder: boolean;
  loadingOlder: boolean;
  otherTyping: boolean;
  otherReadSeq: number;
  now: number;
  timeZone: string;
  onLoadOlder: () => void;
  onRetry: (clientId: string) => void;
  /** Report one of the other member's messages. */
  onReport?: (seq: number) => void;
  before?: ReactNode;
  empty?: ReactNode;
  /** The server cannot be reached: messages being sent wait for the connection. */
  offline?: boolean;
}) {
  const { t } = useTranslation("chat");
  const locale = useLocale();
  const scroller = useRef<HTMLDivElement>(null);
  const view = useRef({ height: 0, top: 0, atBottom: true, firstSeq: 0 });

  // After each render: keep the reading position when older messages came in
  // above, else follow the newest message if the member was at the bottom.
  useLayoutEffect(() => {
    const element = scroller.current;
    if (!element) return;
    const previous = view.current;
    const firstSeq = messages[0]?.seq ?? 0;
    if (previous.height > 0 && previous.firstSeq > 0 && firstSeq < previous.firstSeq) {
      element.scrollTop = previous.top + (element.scrollHeight - previous.height);
    } else if (previous.atBottom) {
      element.scrollTop = element.scrollHeight;
    }
    view.current = { height: element.scrollHeight, top: element.scrollTop, atBottom: previous.atBottom, firstSeq };
  });

  // A message of mine always brings the view down to it.
  const pendingCount = pending.length;
  useLayoutEffect(() => {
    if (pendingCount === 0 || !scroller.current) return;
    view.current.atBottom = true;
    scroller.current.scrollTop = scroller.current.scrollHeight;
  }, [pendingCount]);

  const onScroll = () => {
    const element = scroller.current;
    if (!element) return;
    view.current.top = element.scrollTop;
    view.current.height = element.scrollHeight;
    view.current.atBottom = element.scrollHeight - element.scrollTop - element.clientHeight < NEAR_BOTTOM_PX;
  };
  const onMediaLoad = () => {
    const element = scroller.current;
    if (element && view.current.atBottom) element.scrollTop = element.scrollHeight;
  };

  const giftBySlug = new Map(gifts.map((gift) => [gift.slug, gift]));
  const lastMine = messages.findLast((m) => m.senderId === memberId);
  const time = (at: number) => <time dateTime={new Date(at).toISOString()}>{messageTime(at, locale, timeZone)}</time>;

  const body = (message: Pick<ChatMessage, "kind" | "text" | "gift" | "photo">, preview?: string | null) => {
    if (message.kind === "photo") {
      const src = preview ?? (message.photo ? chatPhotoUrl(message.photo) : null);
      if (!src) return null;
      return (
        <a href={src} target="_blank" rel="noreferrer" className="block">
          <img
            src={src}
            alt={t("conversation.photo")}
            className="max-h-72 max-w-full rounded-xl object-contain"
            onLoad={onMediaLoad}
          />
        </a>
      );
    }
    if (message.kind === "gift") {
      const gift = message.gift ? giftBySlug.get(message.gift) : undefined;
      const name = message.gift ? t(`members:gifts.${message.gift}`, { defaultValue: message.gift }) : "";
      return (
        <span className="flex items-center gap-2 font-semibold">
          <GiftIcon icon={gift?.icon ?? ""} className="size-8" />
          {t("conversation.gift", { gift: name })}
        </span>
      );
    }
    return <p className="whitespace-pre-wrap break-words">{message.text}</p>;
  };

  return (
    <div ref={scroller} onScroll={onScroll} className="min-h-0 flex-1 overflow-y-auto" data-testid="chat-scroller">
      <div className="mx-auto flex min-h-full max-w-[800px] flex-col px-3 py-4">
        {before}
        {hasOlder && (
          <button
            type="button"
            className="btn-outline mb-3 self-center"
            onClick={onLoadOlder}
            disabled={loadingOlder}
            aria-busy={loadingOlder}
          >
            {loadingOlder ? t("conversation.loadingOlder") : t("conversation.older")}
          </button>
        )}
        {messages.length === 0 && pending.length === 0 && empty}
        <div
          role="log"
          aria-label={t("conversation.messages", { name: otherName })}
          className="mt-auto flex flex-col gap-1"
          data-testid="chat-messages"
        >
          {messages.map((message, index) => {
            const mine = message.senderId === memberId;
            const previous = messages[index - 1];
            const newDay = !previous || !sameDay(previous.createdAt, message.createdAt, timeZone);
            const seen = mine && message === lastMine && !message.held && otherReadSeq >= message.seq;
            return (
              <Fragment key={message.seq}>
                {newDay && (
                  <p className="my-3 self-center rounded-full bg-secondary-soft px-3 py-0.5 text-xs font-semibold text-secondary">
                    {dayLabel(message.createdAt, now, locale, timeZone)}
                  </p>
                )}
                {message.kind === "notice" ? (
                  <SiteNotice text={message.text} time={time(message.createdAt)} />
                ) : (
                  <Bubble mine={mine} testId={mine ? "message-mine" : "message-theirs"}>
                    <span className="sr-only">{mine ? t("conversation.you") : otherName}: </span>
                    {body(message)}
                    <Meta mine={mine}>
                      {time(message.createdAt)}
                      {message.held && (
                        <span className="inline-flex items-center gap-1" data-testid="message-held">
                          <Clock className="size-3" aria-hidden="true" /> {t("conversation.held")}
                        </span>
                      )}
                      {seen && <span data-testid="message-seen">{t("conversation.seen")}</span>}
                      {!mine && onReport && (
                        <button
                          type="button"
                          className="inline-flex min-h-6 items-center gap-1 opacity-70 hover:opacity-100 focus-visible:opacity-100"
                          onClick={() => onReport(message.seq)}
                          title={t("safety:report.messageButton")}
                        >
                          <Flag className="size-3" aria-hidden="true" />
                          <span className="sr-only">{t("safety:report.messageButton")}</span>
                        </button>
                      )}
                    </Meta>
                  </Bubble>
                )}
              </Fragment>
            );
          })}
          {pending.map((item) => (
            <Bubble key={item.clientId} mine testId="message-pending">
              <span className="sr-only">{t("conversation.you")}: </span>
              {body(asShown(item, gifts), item.preview)}
              <Meta mine>
                {item.status === "failed" ? (
                  <span className="inline-flex items-center gap-1 font-semibold text-white">
                    <AlertCircle className="size-3" aria-hidden="true" /> {t("conversation.failed")}
                    <button
                      type="button"
                      className="inline-flex min-h-6 items-center gap-1 underline"
                      onClick={() => onRetry(item.clientId)}
                    >
                      <RotateCw className="size-3" aria-hidden="true" /> {t("conversation.retry")}
                    </button>
                  </span>
                ) : offline ? (
                  <span className="inline-flex items-center gap-1" data-testid="message-waiting">
                    <Clock className="size-3" aria-hidden="true" /> {t("conversation.waiting")}
                  </span>
                ) : (
                  <span>{item.status === "uploading" ? t("conversation.uploading") : t("conversation.sending")}</span>
                )}
              </Meta>
            </Bubble>
          ))}
        </div>
        <p role="status" className="mt-1 min-h-5 text-sm text-muted italic" data-testid="typing">
          {otherTyping ? t("conversation.typing", { name: otherName }) : ""}
        </p>
      </div>
    </div>
  );
}

/** A message not confirmed yet, in the shape of the room's messages. */
function asShown(
  { message }: PendingMessage,
  gifts: GiftInfo[],
): Pick<ChatMessage, "kind" | "text" | "gift" | "photo"> {
  if (!message) return { kind: "photo", text: null, gift: null, photo: null };
  if (message.kind === "text") return { kind: "text", text: message.text, gift: null, photo: null };
  if (message.kind === "photo") return { kind: "photo", text: null, gift: null, photo: message.photo };
  const slug = gifts.find((gift) => gift.id === message.giftId)?.slug ?? null;
  return { kind: "gift", text: null, gift: slug, photo: null };
}

function Bubble({ mine, testId, children }: { mine: boolean; testId: string; children: ReactNode }) {
  return (
    <div
      className={`max-w-[85%] rounded-2xl px-3.5 py-2 sm:max-w-[75%] ${
        mine ? "self-end rounded-br-sm bg-primary text-white" : "self-start rounded-bl-sm bg-card text-ink shadow-sm"
      }`}
      data-testid={testId}
    >
      {children}
    </div>
  );
}

function Meta({ mine, children }: { mine: boolean; children: ReactNode }) {
  return (
    <span
      className={`mt-0.5 flex flex-wrap items-center justify-end gap-x-2 text-[0.7rem] ${mine ? "text-white/85" : "text-muted"}`}
    >
      {children}
    </span>
  );
}
