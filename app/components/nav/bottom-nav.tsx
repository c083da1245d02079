// The labelled bottom bar of a member's phone (below md): the member's places
// (member-nav.tsx) within reach of a thumb, each an icon with a short label and
// at least 44 px, above the safe area of phones without a home button. A
// spacer as tall as the bar ends the page, so nothing hides behind it. It
// steps aside in a conversation (the composer is at the bottom) and on a page
// with its own bar of actions at the bottom (marked `data-page-actions`, a
// profile); visitors have none: their top bar holds all they need.

import { useTranslation } from "react-i18next";
import { NavLink, useMatches } from "react-router";
import type { MemberSummary } from "#app/server/site/member-summary.ts";
import { useMemberPlaces } from "./member-nav.tsx";

/** Routes whose bottom is the page's own: the composer of a conversation. */
const ROUTES_WITHOUT_BAR = new Set(["chats-id"]);

export function BottomNav({ member }: { member: MemberSummary }) {
  const { t } = useTranslation();
  const places = useMemberPlaces(member);
  const matches = useMatches();
  if (matches.some((match) => ROUTES_WITHOUT_BAR.has(match.id))) return null;
  return (
    <>
      <div
        className="h-[calc(4rem+env(safe-area-inset-bottom))] shrink-0 md:hidden"
        data-bottom-nav-space
        aria-hidden="true"
      />
      <nav
        aria-label={t("nav.quick")}
        className="fixed inset-x-0 bottom-0 z-30 border-t border-line bg-card/95 pb-[env(safe-area-inset-bottom)] backdrop-blur md:hidden"
        data-testid="bottom-nav"
        data-bottom-nav
      >
        <ul className="mx-auto flex h-16 max-w-lg">
          {places.map((place) => (
            <li key={place.to} className="flex min-w-0 flex-1">
              <NavLink
                to={place.to}
                className="flex min-h-11 min-w-11 flex-1 flex-col items-center justify-center gap-0.5 px-0.5 text-[11px] leading-tight font-semibold text-muted aria-[current=page]:text-primary"
              >
                <span className="relative">
                  {place.icon}
                  {place.badge}
                </span>
                <span className="max-w-full truncate">{place.label}</span>
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
    </>
  );
}
