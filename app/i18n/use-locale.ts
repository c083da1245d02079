import { useTranslation } from "react-i18next";
import { defaultLocale, isLocale, type Locale } from "./locales.ts";

/** The active locale in a component. */
export function useLocale(): Locale {
  const { i18n } = useTranslation();
  return isLocale(i18n.language) ? i18n.language : defaultLocale;
}
