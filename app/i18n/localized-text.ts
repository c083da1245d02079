import { domainDefaultLocale } from "#app/server/settings/locales.ts";
import type { LocalizedText, SiteSettings } from "#app/server/settings/schema.ts";
import { defaultLocale, type Locale } from "./locales.ts";

/**
 * An operator's text (domain settings) in the active locale: the text itself
 * when written once, else the locale's version, else the default locale's,
 * else English, else empty, so a caller can fall back to its own translation.
 * For the page body, where some text beats none; the head uses `textIn`.
 */
export function localizedText(text: LocalizedText | undefined, locale: Locale): string {
  if (text === undefined) return "";
  if (typeof text === "string") return text;
  return text[locale] ?? text[defaultLocale] ?? text.en ?? "";
}

/**
 * An operator's text only as written for `locale`, else empty: a text written
 * once is in the domain's own language. What search engines read of a language
 * version of a page is in that language, or the page's own words are used.
 */
export function textIn(text: LocalizedText | undefined, locale: Locale, own: Locale): string {
  if (typeof text === "string") return locale === own ? text : "";
  return text?.[locale] ?? "";
}

/** The domain's own title and description of its home page in `locale` (empty: the page's own words). */
export function siteTexts(
  settings: Pick<SiteSettings, "index_title" | "description" | "domain_language">,
  locale: Locale,
) {
  const own = domainDefaultLocale(settings);
  return {
    title: textIn(settings.index_title, locale, own),
    description: textIn(settings.description, locale, own),
  };
}
