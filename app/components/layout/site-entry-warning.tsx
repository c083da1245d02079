// Site-entry warning: an adults-only notice shown once to logged-out
// visitors. Entering records a skip timestamp (cookie, via /site-entry); works
// without JavaScript too. Skipped in installed-app (standalone) mode. Pages of
// the signup flow whose route handle sets `signupFlowEmbeddedSiteEntryWarning`
// (landers, /signup, a member's signup page) show it inside the signup form
// instead of as a modal: signing up is entering.
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useFetcher, useLocation, useMatches } from "react-router";
import { useSiteChrome } from "./use-site-chrome.ts";

/** Installed-app mode: a standalone display (PWA), or Safari's home-screen app. */
function isInstalledApp(): boolean {
  return (
    window.matchMedia("(display-mode: standalone)").matches ||
    (navigator as Navigator & { standalone?: boolean }).standalone === true
  );
}

interface SiteEntryHandle {
  signupFlowEmbeddedSiteEntryWarning?: boolean;
}

/** Whether this page's signup flow carries the warning (and the modal stays away). */
export function useSignupFlowEmbeddedSiteEntryWarning(): boolean {
  const chrome = useSiteChrome();
  const matches = useMatches();
  return (
    Boolean(chrome?.siteEntryWarning) &&
    matches.some((m) => (m.handle as SiteEntryHandle | undefined)?.signupFlowEmbeddedSiteEntryWarning === true)
  );
}

/** The warning as part of a signup form: same words, no extra click. */
export function EmbeddedSiteEntryWarning() {
  const { t } = useTranslation();
  const chrome = useSiteChrome();
  if (!chrome) return null;
  const { name, minimumAge, fictionalWarning } = chrome.site;
  return (
    <div
      className="rounded-lg border border-line bg-secondary-soft p-3 text-xs leading-relaxed"
      data-testid="site-entry-embedded"
    >
      <p className="font-semibold text-ink">{t("siteEntry.title", { name })}</p>
      <p className="mt-1 text-muted">{t("siteEntry.body", { age: minimumAge })}</p>
      {fictionalWarning && <p className="mt-1 text-muted">{fictionalWarning}</p>}
    </div>
  );
}

export function SiteEntryWarning({
  siteName,
  minimumAge,
  fictionalWarning,
}: {
  siteName: string;
  minimumAge: number;
  fictionalWarning: string;
}) {
  const { t } = useTranslation();
  const fetcher = useFetcher();
  const location = useLocation();
  const [standalone, setStandalone] = useState(false);
  const enter = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    setStandalone(isInstalledApp());
    enter.current?.focus();
  }, []);

  if (standalone || fetcher.state !== "idle" || fetcher.data) return null;
  return (
    <div className="fixed inset-0 z-50 flex items-end justify-center bg-ink/70 p-3 sm:items-center">
      <div
        role="dialog"
        aria-modal="true"
        aria-labelledby="site-entry-title"
        aria-describedby="site-entry-body"
        className="card max-h-full w-full max-w-md overflow-y-auto p-6 text-center"
        data-testid="site-entry-warning"
      >
        <p className="mx-auto mb-3 flex size-14 items-center justify-center rounded-full bg-primary text-lg font-black text-white">
          {minimumAge}+
        </p>
        <h2 id="site-entry-title" className="text-xl font-bold">
          {t("siteEntry.title", { name: siteName })}
        </h2>
        <div id="site-entry-body" className="mt-3 space-y-2 text-sm text-muted">
          <p>{t("siteEntry.body", { age: minimumAge })}</p>
          {fictionalWarning && <p>{fictionalWarning}</p>}
        </div>
        <fetcher.Form method="post" action="/site-entry" className="mt-6 flex flex-col gap-2 sm:flex-row-reverse">
          <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
          <button ref={enter} type="submit" className="btn-primary flex-1">
            {t("siteEntry.enter", { age: minimumAge })}
          </button>
          <a href="https://www.google.com/" rel="noreferrer" className="btn-outline flex-1">
            {t("siteEntry.leave")}
          </a>
        </fetcher.Form>
      </div>
    </div>
  );
}
