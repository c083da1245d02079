// Top navigation for a logged-in member: search, messages with the
// unread badge, likes with the new-likes badge (both 99+ at most), credits
// (paid members: repeat order, with the balance when 10 or less; unpaid: a
// premium link), and the account menu with thumbnail and name.
import { Crown, Heart, MessageCircle, Search } from "lucide-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Form, Link, NavLink } from "react-router";
import { forgetOutboxes } from "#app/components/chat/forget-outboxes.ts";
import { formatBadge } from "#app/i18n/format.ts";
import { useLocale } from "#app/i18n/use-locale.ts";
import type { MemberSummary } from "#app/server/site/member-summary.ts";

const LOW_CREDITS = 10;

function Badge({ count, tone = "unread" }: { count: number; tone?: "unread" | "warning" | "danger" }) {
  const locale = useLocale();
  const tones = {
    unread: "bg-unread text-unread-ink",
    warning: "bg-warning text-white",
    danger: "bg-danger text-white",
  };
  return (
    <span className={`badge absolute -right-1 -top-1 ${tones[tone]}`} data-testid="badge">
      {formatBadge(count, locale)}
    </span>
  );
}

function NavItem({ to, label, icon, badge }: { to: string; label: string; icon: ReactNode; badge?: ReactNode }) {
  return (
    <NavLink
      to={to}
      className="relative flex min-h-11 min-w-11 flex-col items-center justify-center rounded-xl px-2 text-xs font-semibold text-ink hover:bg-primary-soft aria-[current=page]:text-primary sm:flex-row sm:gap-1.5 sm:text-sm"
    >
      <span className="relative">
        {icon}
        {badge}
      </span>
      <span className="max-sm:sr-only">{label}</span>
    </NavLink>
  );
}

export function MemberNav({ member }: { member: MemberSummary }) {
  const { t } = useTranslation();
  const credits = member.paid ? (
    <NavItem
      to="/credits/repeat-order"
      label={t("nav.credits")}
      icon={<Crown className="size-6" aria-hidden="true" />}
      badge={
        member.credits <= LOW_CREDITS ? (
          <Badge count={member.credits} tone={member.credits > 0 ? "warning" : "danger"} />
        ) : null
      }
    />
  ) : (
    <NavItem
      to="/premium"
      label={t("nav.premium")}
      icon={<Crown className="size-6 text-primary" aria-hidden="true" />}
    />
  );
  return (
    <>
      <NavItem to="/members" label={t("nav.search")} icon={<Search className="size-6" aria-hidden="true" />} />
      <NavItem
        to="/chats"
        label={t("nav.messages")}
        icon={<MessageCircle className="size-6" aria-hidden="true" />}
        badge={member.unreadMessages > 0 ? <Badge count={member.unreadMessages} /> : null}
      />
      <NavItem
        to="/likes"
        label={t("nav.likes")}
        icon={<Heart className="size-6" aria-hidden="true" />}
        badge={member.newLikes > 0 ? <Badge count={member.newLikes} /> : null}
      />
      {credits}
      <AccountMenu member={member} />
    </>
  );
}

function AccountMenu({ member }: { member: MemberSummary }) {
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
      <div className="absolute right-0 z-40 mt-2 w-56 overflow-hidden rounded-xl border border-line bg-card py-1 shadow-lg">
        <p className="truncate px-4 py-2 text-sm font-semibold">{member.name}</p>
        <Link to="/profile" className="block px-4 py-2 text-sm hover:bg-primary-soft">
          {t("nav.myProfile")}
        </Link>
        <Link to="/notifications" className="block px-4 py-2 text-sm hover:bg-primary-soft">
          {t("nav.settings")}
        </Link>
        <Link to="/account/messages" className="block px-4 py-2 text-sm hover:bg-primary-soft">
          {t("decisions:page.title")}
        </Link>
        <Form method="post" action="/api/logout.php" reloadDocument onSubmit={forgetOutboxes}>
          <button type="submit" className="block w-full px-4 py-2 text-left text-sm hover:bg-primary-soft">
            {t("nav.logout")}
          </button>
        </Form>
      </div>
    </details>
  );
}
