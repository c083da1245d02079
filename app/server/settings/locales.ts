// Which locales a domain offers: per visitor country (the default table, or the
// domain's own `visible_locales`; hreflang names each pair), and over all its countries.
import { defaultLocale, type Locale, locales, visibleLocales } from "#app/i18n/locales.ts";
import { localeOfDomainLanguage } from "#app/i18n/negotiate.ts";
import type { SiteSettings } from "./schema.ts";

type LocaleSettings = Pick<SiteSettings, "visible_locales" | "countries" | "domain_language">;

/** The locales a visitor from `country` may choose on this domain. */
export function siteLocales(settings: Pick<SiteSettings, "visible_locales">, country: string): readonly Locale[] {
  return settings.visible_locales[country] ?? visibleLocales(country);
}

/** Every locale the domain serves to any of its countries, its own language first. */
export function domainLocales(settings: LocaleSettings): Locale[] {
  const served = new Set<Locale>(settings.countries.flatMap((country) => siteLocales(settings, country)));
  const own = localeOfDomainLanguage(settings.domain_language);
  if (own) served.add(own);
  const ordered = locales.filter((l) => served.has(l));
  return own ? [own, ...ordered.filter((l) => l !== own)] : ordered;
}

/** The language a domain speaks when no other is asked for: its address without ?lng= is in it. */
export function domainDefaultLocale(settings: Pick<SiteSettings, "domain_language">): Locale {
  return localeOfDomainLanguage(settings.domain_language) ?? defaultLocale;
}
