import type { LocalizedText } from "#app/server/settings/schema.ts";
import { defaultLocale, type Locale } from "./locales.ts";

/**
 * An operator's text (domain settings) in the active locale: the text itself
 * when written once, else the locale's version, else the default locale's,
 * else English, else empty, so a caller can fall back to its own translation.
 */
export function localizedText(text: LocalizedText | undefined, locale: Locale): string {
  if (text === undefined) return "";
  if (typeof text === "string") return text;
  return text[locale] ?? text[defaultLocale] ?? text.en ?? "";
}

/** The domain's own title and description of its home page in `locale` (empty: the page's own words). */
export function siteTexts(settings: { index_title: LocalizedText; description: LocalizedText }, locale: Locale) {
  return {
    title: localizedText(settings.index_title, locale),
    description: localizedText(settings.description, locale),
  };
}
