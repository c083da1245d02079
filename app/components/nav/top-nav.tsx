// Top navigation. Logged out: search (when the domain allows it),
// language, login and the signup entry (only where this visitor may sign up).
// Logged in: the member's navigation; on a phone only the logo and the account
// menu (with the languages), the places being in the bottom bar. Below 400 px a
// visitor's bar keeps the logo without the name and a short signup label, so
// signup always fits.
import { useTranslation } from "react-i18next";
import { Link, NavLink } from "react-router";
import { useSignupEntry } from "#app/components/accounts/signup-modal.tsx";
import { useSignupsOpen } from "#app/components/accounts/signups-open.ts";
import { LogoMark } from "#app/components/layout/logo-mark.tsx";
import type { Locale } from "#app/i18n/locales.ts";
import type { MemberSummary } from "#app/server/site/member-summary.ts";
import { BackButton } from "./back-button.tsx";
import { LanguageMenu } from "./language-menu.tsx";
import { MemberNav } from "./member-nav.tsx";

export interface TopNavProps {
  siteName: string;
  /** The domain's logo mark (settings.logo); empty for the heart. */
  logo: string;
  locale: Locale;
  locales: readonly Locale[];
  showLanguageMenu: boolean;
  showSearch: boolean;
  member: MemberSummary | null;
  /** The home page's bar: it scrolls away with the page's header, into which it runs without a border. */
  home?: boolean;
}

export function TopNav({
  siteName,
  logo,
  locale,
  locales,
  showLanguageMenu,
  showSearch,
  member,
  home = false,
}: TopNavProps) {
  const { t } = useTranslation();
  const openSignup = useSignupEntry();
  const signupsOpen = useSignupsOpen();
  return (
    <header
      className={home ? "relative z-30 bg-card" : "sticky top-0 z-30 border-b border-line bg-card/95 backdrop-blur"}
      data-nav-variant={home ? "index" : undefined}
    >
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 btn-primary"
      >
        {t("nav.skipToContent")}
      </a>
      <nav aria-label={t("nav.main")} className="mx-auto flex h-16 max-w-6xl items-center gap-1 px-3 sm:gap-2 sm:px-4">
        <BackButton />
        <Link
          to={member ? "/members" : "/"}
          className="mr-auto flex min-h-11 min-w-11 items-center gap-2 text-xl font-black tracking-tight text-primary"
        >
          <LogoMark logo={logo} />
          <span className="min-w-0 truncate max-[399px]:sr-only">{siteName}</span>
        </Link>
        {member ? (
          <MemberNav member={member} languages={showLanguageMenu ? { locales, current: locale } : null} />
        ) : (
          <>
            {showSearch && (
              <NavLink to="/members" className="btn-ghost hidden px-3 sm:inline-flex aria-[current=page]:text-primary">
                {t("nav.members")}
              </NavLink>
            )}
            {showLanguageMenu && <LanguageMenu locales={locales} current={locale} />}
            <Link to="/login" className="btn-outline px-2 min-[400px]:px-4">
              {t("nav.login")}
            </Link>
            {signupsOpen && (
              <Link
                to="/signup"
                className="btn-primary px-2 min-[400px]:px-4"
                onClick={(event) => openSignup?.(event)}
                data-testid="nav-signup"
              >
                <span className="min-[400px]:hidden">{t("nav.signupShort")}</span>
                <span className="max-[399px]:hidden">{t("nav.signup")}</span>
              </Link>
            )}
          </>
        )}
        {member && showLanguageMenu && <LanguageMenu locales={locales} current={locale} className="max-md:hidden" />}
      </nav>
    </header>
  );
}
