// The in-chat top bar: back to the list on phones, the other member
// (to their profile), the fictional disclosure, and the member's balance.
import { ArrowLeft, Coins } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { FictionalBadge } from "#app/components/members/fictional-badge.tsx";
import { formatNumber } from "#app/i18n/format.ts";
import { useLocale } from "#app/i18n/use-locale.ts";

export interface ChatPartner {
  id: number;
  name: string;
  age: number;
  photo: string | null;
  fictional: boolean;
  online: boolean;
}

export function ChatTopBar({ other, credits }: { other: ChatPartner; credits: number }) {
  const { t } = useTranslation("chat");
  const locale = useLocale();
  return (
    <header className="flex h-16 shrink-0 items-center gap-2 border-b border-line bg-card px-2 sm:px-3">
      <Link to="/chats" className="btn-ghost min-w-11 px-0 md:hidden" aria-label={t("conversation.back")}>
        <ArrowLeft className="size-5" aria-hidden="true" />
      </Link>
      <Link
        to={`/members/${other.id}`}
        className="flex min-w-0 items-center gap-3 rounded-xl p-1 pr-2 hover:bg-primary-soft"
      >
        <span className="relative shrink-0">
          {other.photo ? (
            <img src={other.photo} alt="" width={40} height={40} className="size-10 rounded-full object-cover" />
          ) : (
            <span
              className="flex size-10 items-center justify-center rounded-full bg-secondary-soft font-bold text-secondary"
              aria-hidden="true"
            >
              {other.name.slice(0, 1)}
            </span>
          )}
          {other.online && (
            <span className="absolute right-0 bottom-0 size-3 rounded-full border-2 border-card bg-success" />
          )}
        </span>
        <span className="min-w-0">
          <h1 className="truncate font-bold leading-tight" id="chat-title">
            {other.name}, <span className="font-semibold text-muted">{other.age}</span>
          </h1>
          <span className="block text-xs text-muted">
            {other.online ? t("members:online") : t("conversation.viewProfile")}
          </span>
        </span>
      </Link>
      {other.fictional && <FictionalBadge className="shrink-0" />}
      <Link
        to="/credits"
        className="btn-outline ml-auto min-h-10 shrink-0 gap-1.5 px-3"
        data-testid="chat-credits"
        aria-label={t("conversation.creditsLink", { count: credits, formatted: formatNumber(credits, locale) })}
      >
        <Coins className="size-4 text-secondary" aria-hidden="true" />
        <span aria-hidden="true">{formatNumber(credits, locale)}</span>
      </Link>
    </header>
  );
}
