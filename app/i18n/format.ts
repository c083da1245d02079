// Dates, numbers and lists through Intl in the active locale (Dutch by default).

import { kept } from "#app/kept.ts";
import { intlTags, type Locale } from "./locales.ts";

// Intl formatters take far longer to make than to use: one per locale and
// options, kept for the isolate's (or the tab's) life.
type Formatter = Intl.DateTimeFormat | Intl.NumberFormat | Intl.ListFormat;
const formatters = new Map<string, Formatter>();
const formatter = <T extends Formatter>(key: string, make: () => T): T => kept(formatters, key, make) as T;

const dateParts = ["weekday", "era", "year", "month", "day", "hour", "minute", "second"] as const;

/** A date in the active locale: "long" unless the caller names the parts (Intl refuses both at once). */
export function formatDate(value: Date | number, locale: Locale, options: Intl.DateTimeFormatOptions = {}) {
  const style = dateParts.some((part) => part in options) ? {} : { dateStyle: "long" as const };
  const all = { ...style, timeZone: "UTC", ...options };
  return formatter(
    `date ${locale} ${JSON.stringify(all)}`,
    () => new Intl.DateTimeFormat(intlTags[locale], all),
  ).format(value);
}

/** A time of day (e.g. when a daily limit resets) in a given time zone. */
export function formatTime(value: Date | number, locale: Locale, timeZone: string) {
  return formatter(
    `time ${locale} ${timeZone}`,
    () => new Intl.DateTimeFormat(intlTags[locale], { timeStyle: "short", timeZone }),
  ).format(value);
}

export function formatNumber(value: number, locale: Locale, options: Intl.NumberFormatOptions = {}) {
  return formatter(
    `number ${locale} ${JSON.stringify(options)}`,
    () => new Intl.NumberFormat(intlTags[locale], options),
  ).format(value);
}

export function formatMoney(cents: number, currency: string, locale: Locale) {
  return formatter(
    `money ${locale} ${currency}`,
    () => new Intl.NumberFormat(intlTags[locale], { style: "currency", currency }),
  ).format(cents / 100);
}

/** Items the way the language lists them: "Nederland, België en Duitsland". */
export function formatList(items: readonly string[], locale: Locale) {
  return formatter(`list ${locale}`, () => new Intl.ListFormat(intlTags[locale], { type: "conjunction" })).format(
    items,
  );
}

/** A text that begins a title or sentence, its first letter a capital ("singles in jouw regio" → "Singles …"). */
export function capitalised(text: string, locale: Locale) {
  return text.charAt(0).toLocaleUpperCase(intlTags[locale]) + text.slice(1);
}

/** "99+" past the cap for unread and new-like badges. */
export function formatBadge(count: number, locale: Locale, cap = 99) {
  return count > cap ? `${formatNumber(cap, locale)}+` : formatNumber(count, locale);
}

const regionNames = new Map<Locale, Intl.DisplayNames>();
const countryNames = new Map<string, string>();

/** A country's name in the active locale, from its ISO code (a country list asks for hundreds). */
export function countryName(code: string, locale: Locale): string {
  return kept(countryNames, `${locale} ${code}`, () => displayedRegion(code, locale));
}

function displayedRegion(code: string, locale: Locale): string {
  const names = kept(regionNames, locale, () => new Intl.DisplayNames([intlTags[locale]], { type: "region" }));
  try {
    return names.of(code) ?? code;
  } catch {
    return code;
  }
}
