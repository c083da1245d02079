// Dates and numbers through Intl in the active locale (Dutch by default).
import { intlTags, type Locale } from "./locales.ts";

const dateParts = ["weekday", "era", "year", "month", "day", "hour", "minute", "second"] as const;

/** A date in the active locale: "long" unless the caller names the parts (Intl refuses both at once). */
export function formatDate(value: Date | number, locale: Locale, options: Intl.DateTimeFormatOptions = {}) {
  const style = dateParts.some((part) => part in options) ? {} : { dateStyle: "long" as const };
  return new Intl.DateTimeFormat(intlTags[locale], { ...style, timeZone: "UTC", ...options }).format(value);
}

/** A time of day (e.g. when a daily limit resets) in a given time zone. */
export function formatTime(value: Date | number, locale: Locale, timeZone: string) {
  return new Intl.DateTimeFormat(intlTags[locale], { timeStyle: "short", timeZone }).format(value);
}

export function formatNumber(value: number, locale: Locale, options: Intl.NumberFormatOptions = {}) {
  return new Intl.NumberFormat(intlTags[locale], options).format(value);
}

export function formatMoney(cents: number, currency: string, locale: Locale) {
  return new Intl.NumberFormat(intlTags[locale], { style: "currency", currency }).format(cents / 100);
}

/** "99+" past the cap for unread and new-like badges. */
export function formatBadge(count: number, locale: Locale, cap = 99) {
  return count > cap ? `${formatNumber(cap, locale)}+` : formatNumber(count, locale);
}

const regionNames = new Map<Locale, Intl.DisplayNames>();

/** A country's name in the active locale, from its ISO code. */
export function countryName(code: string, locale: Locale): string {
  let names = regionNames.get(locale);
  if (!names) {
    names = new Intl.DisplayNames([intlTags[locale]], { type: "region" });
    regionNames.set(locale, names);
  }
  try {
    return names.of(code) ?? code;
  } catch {
    return code;
  }
}
