// Times in the chat through Intl in the active locale, in the member's own time
// zone (from their country, as for the daily limits), so the server and the
// browser render the same text. "Now" is the page's load time for the same reason.
import { intlTags, type Locale } from "#app/i18n/locales.ts";

const DAY_MS = 86_400_000;

/** Days since 1970 of the local date `at` falls on in `timeZone`. */
function localDay(at: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" })
    .formatToParts(at)
    .reduce<Record<string, number>>((all, part) => Object.assign(all, { [part.type]: Number(part.value) }), {});
  return Math.round(Date.UTC(parts.year ?? 1970, (parts.month ?? 1) - 1, parts.day ?? 1) / DAY_MS);
}

export const sameDay = (a: number, b: number, timeZone: string) => localDay(a, timeZone) === localDay(b, timeZone);

export function messageTime(at: number, locale: Locale, timeZone: string): string {
  return new Intl.DateTimeFormat(intlTags[locale], { timeStyle: "short", timeZone }).format(at);
}

const capitalise = (text: string, locale: Locale) => text.charAt(0).toLocaleUpperCase(intlTags[locale]) + text.slice(1);

/** A day separator: today, yesterday, or the date. */
export function dayLabel(at: number, now: number, locale: Locale, timeZone: string): string {
  const days = localDay(at, timeZone) - localDay(now, timeZone);
  if (days === 0 || days === -1) {
    return capitalise(new Intl.RelativeTimeFormat(intlTags[locale], { numeric: "auto" }).format(days, "day"), locale);
  }
  const sameYear = new Date(at).getUTCFullYear() === new Date(now).getUTCFullYear();
  return capitalise(
    new Intl.DateTimeFormat(intlTags[locale], {
      weekday: "long",
      day: "numeric",
      month: "long",
      year: sameYear ? undefined : "numeric",
      timeZone,
    }).format(at),
    locale,
  );
}

/** In the chat list: the time today, the weekday this week, else the date. */
export function listTime(at: number, now: number, locale: Locale, timeZone: string): string {
  const days = localDay(now, timeZone) - localDay(at, timeZone);
  if (days <= 0) return messageTime(at, locale, timeZone);
  const format = (options: Intl.DateTimeFormatOptions) =>
    new Intl.DateTimeFormat(intlTags[locale], { ...options, timeZone }).format(at);
  if (days < 7) return format({ weekday: "short" });
  return days < 300 ? format({ day: "numeric", month: "short" }) : format({ dateStyle: "short" });
}
