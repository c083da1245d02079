// A logged-in member's navigation. The places a member goes most: search,
// messages with the unread badge, likes with the new-likes badge (both 99+ at
// most), credits (paid members: /credits, with the balance when 10 or less;
// unpaid: a premium link) and, on a phone, the swipe game. From md up they sit
// in the top bar beside the account menu; below md the top bar keeps the logo
// and the account menu, and the places move to the labelled bottom bar
// (bottom-nav.tsx).
import { Crown, Flame, Heart, MessageCircle, Search } from "lucide-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Form, Link, NavLink } from "react-router";
import { forgetOutboxes } from "#app/components/chat/forget-outboxes.ts";
import { formatBadge } from "#app/i18n/format.ts";
import type { Locale } from "#app/i18n/locales.ts";
import { useLocale } from "#app/i18n/use-locale.ts";
import type { MemberSummary } from "#app/server/site/member-summary.ts";
import { LanguageChoices } from "./language-menu.tsx";

const LOW_CREDITS = 10;

function Badge({ count, tone = "unread" }: { count: number; tone?: "unread" | "warning" | "danger" }) {
  const locale = useLocale();
  const tones = {
    unread: "bg-unread text-unread-ink",
    warning: "bg-warning text-white",
    danger: "bg-danger text-white",
  };
  return (
    <span className={`badge absolute -right-2 -top-1 ${tones[tone]}`} data-testid="badge">
      {formatBadge(count, locale)}
    </span>
  );
}

type Place = { to: string; label: string; icon: ReactNode; badge: ReactNode; phoneOnly?: boolean };

/** The member's places, in the order both bars show them. */
export function useMemberPlaces(member: MemberSummary): Place[] {
  const { t } = useTranslation();
  const icon = "size-6";
  return [
    { to: "/members", label: t("nav.search"), icon: <Search className={icon} aria-hidden="true" />, badge: null },
    {
      to: "/swipe-game",
      label: t("nav.swipe"),
      icon: <Flame className={icon} aria-hidden="true" />,
      badge: null,
      phoneOnly: true,
    },
    {
      to: "/likes",
      label: t("nav.likes"),
      icon: <Heart className={icon} aria-hidden="true" />,
      badge: member.newLikes > 0 ? <Badge count={member.newLikes} /> : null,
    },
    {
      to: "/chats",
      label: t("nav.messages"),
      icon: <MessageCircle className={icon} aria-hidden="true" />,
      badge: member.unreadMessages > 0 ? <Badge count={member.unreadMessages} /> : null,
    },
    member.paid
      ? {
          to: "/credits",
          label: t("nav.credits"),
          icon: <Crown className={icon} aria-hidden="true" />,
          badge:
            member.credits <= LOW_CREDITS ? (
              <Badge count={member.credits} tone={member.credits > 0 ? "warning" : "danger"} />
            ) : null,
        }
      : {
          to: "/premium",
          label: t("nav.premium"),
          icon: <Crown className={`${icon} text-primary`} aria-hidden="true" />,
          badge: null,
        },
  ];
}

/** The top bar's part: the places from md up, then the account menu. */
export function MemberNav({
  member,
  languages,
}: {
  member: MemberSummary;
  /** The languages to offer in the account menu on a phone, where the top bar has no language menu. */
  languages: { locales: readonly Locale[]; current: Locale } | null;
}) {
  const places = useMemberPlaces(member).filter((place) => !place.phoneOnly);
  return (
    <>
      {places.map((place) => (
        <NavLink
          key={place.to}
          to={place.to}
          className="relative flex min-h-11 min-w-11 items-center justify-center gap-1.5 rounded-xl px-2 text-sm font-semibold text-ink hover:bg-primary-soft aria-[current=page]:text-primary max-md:hidden"
        >
          <span className="relative">
            {place.icon}
            {place.badge}
          </span>
          <span>{place.label}</span>
        </NavLink>
      ))}
      <AccountMenu member={member} languages={languages} />
    </>
  );
}

const MENU_ITEM = "flex min-h-11 w-full items-center px-4 text-left text-sm hover:bg-primary-soft";

function AccountMenu({
  member,
  languages,
}: {
  member: MemberSummary;
  languages: { locales: readonly Locale[]; current: Locale } | null;
}) {
  const { t } = useTranslation();
  return (
    <details className="relative">
      <summary
        className="flex min-h-11 cursor-pointer list-none items-center gap-2 rounded-full pl-1 pr-2 hover:bg-primary-soft [&::-webkit-details-marker]:hidden"
        data-testid="account-menu"
      >
        {member.thumb ? (
          <img src={member.thumb} alt="" width={36} height={36} className="size-9 rounded-full object-cover" />
        ) : (
          <span
            className="flex size-9 items-center justify-center rounded-full bg-secondary text-sm font-bold text-white"
            aria-hidden="true"
          >
            {member.name.slice(0, 1)}
          </span>
        )}
        <span className="hidden max-w-28 truncate text-sm font-semibold lg:inline">{member.name}</span>
        <span className="sr-only">{t("nav.accountMenu")}</span>
      </summary>
      <div className="absolute right-0 z-40 mt-2 max-h-[calc(100dvh-5rem)] w-56 overflow-y-auto rounded-xl border border-line bg-card py-1 shadow-lg">
        <p className="truncate px-4 py-2 text-sm font-semibold">{member.name}</p>
        <Link to="/profile" className={MENU_ITEM}>
          {t("nav.myProfile")}
        </Link>
        <Link to="/notifications" className={MENU_ITEM}>
          {t("nav.settings")}
        </Link>
        <Link to="/account/messages" className={MENU_ITEM}>
          {t("decisions:page.title")}
        </Link>
        <Form method="post" action="/api/logout.php" reloadDocument onSubmit={forgetOutboxes}>
          <button type="submit" className={MENU_ITEM}>
            {t("nav.logout")}
          </button>
        </Form>
        {languages && (
          <div className="border-t border-line md:hidden">
            <LanguageChoices locales={languages.locales} current={languages.current} itemClassName={MENU_ITEM} />
          </div>
        )}
      </div>
    </details>
  );
}
