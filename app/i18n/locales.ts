// The eleven locales and which ones a visitor from each country sees.
export const locales = ["da", "de", "en", "es", "fi", "fr", "it", "nb", "nl", "pl", "sv"] as const;
export type Locale = (typeof locales)[number];
export const defaultLocale: Locale = "nl";

export function isLocale(value: unknown): value is Locale {
  return typeof value === "string" && (locales as readonly string[]).includes(value);
}

/** BCP 47 tag used for Intl formatting: Dutch dates by default. */
export const intlTags: Record<Locale, string> = {
  da: "da-DK",
  de: "de-DE",
  en: "en-GB",
  es: "es-ES",
  fi: "fi-FI",
  fr: "fr-FR",
  it: "it-IT",
  nb: "nb-NO",
  nl: "nl-NL",
  pl: "pl-PL",
  sv: "sv-SE",
};

/** Native names, shown as they are in every locale. */
export const localeNames: Record<Locale, string> = {
  da: "Dansk",
  de: "Deutsch",
  en: "English",
  es: "Español",
  fi: "Suomi",
  fr: "Français",
  it: "Italiano",
  nb: "Norsk bokmål",
  nl: "Nederlands",
  pl: "Polski",
  sv: "Svenska",
};

export const localesByCountry: Record<string, readonly Locale[]> = {
  US: ["en", "es"],
  NL: ["nl"],
  BE: ["nl", "fr", "de"],
  FR: ["fr"],
  IT: ["it"],
  ES: ["es"],
  DE: ["de"],
  AT: ["de"],
  IE: ["en"],
  GB: ["en"],
  CA: ["en", "fr"],
  PL: ["pl"],
  AU: ["en"],
  NZ: ["en"],
  CH: ["de", "it", "fr", "en"],
  DK: ["da"],
  FI: ["fi", "sv"],
  NO: ["nb"],
  SE: ["sv"],
};

/** Locales offered to a visitor from `country`; every locale for countries outside the table. */
export function visibleLocales(country: string | null | undefined): readonly Locale[] {
  return (country && localesByCountry[country]) || locales;
}
