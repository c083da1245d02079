// The pieces the layouts combine: top navigation (full or logo-only),
// warnings area, content, footer, disclaimer and the site-entry warning.
import type { ReactNode } from "react";
import { useEffect } from "react";
import { Link, useLocation, useMatches, useSearchParams } from "react-router";
import { ActivationModal } from "#app/components/accounts/activation-reminder.tsx";
import { SignupModalProvider } from "#app/components/accounts/signup-modal.tsx";
import { LikeModal } from "#app/components/members/like-modal.tsx";
import { TopNav } from "#app/components/nav/top-nav.tsx";
import { titleWithCount } from "#app/components/runtime/title-count.ts";
import type { LayoutVariant } from "#app/layouts/layout-variant.ts";
import type { SiteChrome } from "#app/server/site/chrome.ts";
import { Disclaimer } from "./disclaimer.tsx";
import { Footer } from "./footer.tsx";
import { LogoMark } from "./logo-mark.tsx";
import { MemberBanners } from "./member-banners.tsx";
import { ProgressBar } from "./progress-bar.tsx";
import { SiteEntryWarning, useSignupFlowEmbeddedSiteEntryWarning } from "./site-entry-warning.tsx";

// The language dropdown is hidden on complete-signup.
const routesWithoutLanguageMenu = new Set(["complete-signup"]);

export function FullNav({ chrome, variant }: { chrome: SiteChrome; variant?: LayoutVariant }) {
  const matches = useMatches();
  return (
    <TopNav
      siteName={chrome.site.name}
      logo={chrome.site.logo}
      locale={chrome.locale}
      locales={chrome.visibleLocales}
      showLanguageMenu={!matches.some((m) => routesWithoutLanguageMenu.has(m.id))}
      showSearch={chrome.canSearch}
      member={chrome.member}
      home={variant === "index"}
    />
  );
}

export function LogoNav({ chrome }: { chrome: SiteChrome }) {
  return (
    <header className="border-b border-line bg-card">
      <div className="mx-auto flex h-14 max-w-6xl items-center px-4">
        <Link to="/" className="flex items-center gap-2 text-xl font-black tracking-tight text-primary">
          <LogoMark logo={chrome.site.logo} />
          {chrome.site.name}
        </Link>
      </div>
    </header>
  );
}

export function EntryWarning({ chrome, when = true }: { chrome: SiteChrome; when?: boolean }) {
  const embedded = useSignupFlowEmbeddedSiteEntryWarning();
  if (!chrome.siteEntryWarning || !when || embedded) return null;
  return (
    <SiteEntryWarning
      siteName={chrome.site.name}
      minimumAge={chrome.site.minimumAge}
      fictionalWarning={chrome.site.fictionalWarning}
    />
  );
}

export function PageBottom({ chrome }: { chrome: SiteChrome }) {
  return (
    <>
      <Footer chrome={chrome} />
      <Disclaimer chrome={chrome} />
    </>
  );
}

/**
 * The warnings area: the member's banner slot (member-banners.tsx: one
 * banner at a time, in order of importance), the like modal (?t=), and right
 * after signup on a phone the confirm-address modal.
 */
export function Warnings({ chrome }: { chrome: SiteChrome }) {
  const [params] = useSearchParams();
  const member = chrome.member;
  if (!member) return null;
  return (
    <>
      <TitleCount count={member.unreadMessages + member.newLikes} />
      <MemberBanners member={member} />
      {member.confirmed ? (
        <LikeModal />
      ) : (
        params.has("welcome") && <ActivationModal email={member.email} freeConversations={member.freeConversations} />
      )}
    </>
  );
}

/** The page title shows unread messages plus new likes in parentheses. */
export function TitleCount({ count }: { count: number }) {
  const location = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: each new page sets a new title to prefix
  useEffect(() => {
    document.title = titleWithCount(document.title, count);
  }, [count, location.key]);
  return null;
}

/** Visitors get the signup modal (desktop); members do not need it. */
export function SignupEntry({ chrome, children }: { chrome: SiteChrome; children: ReactNode }) {
  if (chrome.member) return <>{children}</>;
  return <SignupModalProvider minimumAge={chrome.site.minimumAge}>{children}</SignupModalProvider>;
}

export function Content({ children }: { children: ReactNode }) {
  return (
    <>
      <ProgressBar />
      <main id="main" tabIndex={-1} className="outline-none">
        {children}
      </main>
    </>
  );
}
