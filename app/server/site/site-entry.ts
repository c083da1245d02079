// The site-entry warning: shown once to logged-out visitors unless the
// domain switched it off or limits it to countries the visitor is not in.
// Installed-app (standalone) mode is only known in the browser, which checks it.
import type { SiteSettings } from "#app/server/settings/schema.ts";

export const SITE_ENTRY_COOKIE = "site_entry_skipped";
/** How long the skip is remembered, in seconds. */
export const SITE_ENTRY_MAX_AGE = 365 * 24 * 60 * 60;

export function shouldShowSiteEntryWarning(input: {
  settings: Pick<SiteSettings, "enable_site_entry_popup" | "site_entry_countries">;
  country: string;
  loggedIn: boolean;
  skippedAt: number | null;
}): boolean {
  const { settings, country, loggedIn, skippedAt } = input;
  if (loggedIn || skippedAt !== null) return false;
  if (settings.enable_site_entry_popup === "no") return false;
  const allowed = settings.site_entry_countries;
  return allowed.length === 0 || allowed.includes(country);
}

/** The chat layout is full screen; there the warning is shown only in these countries. */
const CHAT_LAYOUT_COUNTRIES: ReadonlySet<string> = new Set(["NL", "DE"]);

/** Whether the chat layout carries the warning for a visitor from `country`. */
export const siteEntryWarningInChatLayout = (country: string) => CHAT_LAYOUT_COUNTRIES.has(country);

export function parseSkippedAt(value: string | undefined): number | null {
  const n = Number(value);
  return value && Number.isSafeInteger(n) && n > 0 ? n : null;
}
