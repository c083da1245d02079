import { createInstance, type i18n } from "i18next";
import { initReactI18next } from "react-i18next";
import { i18nextOptions } from "./i18next.server.ts";
import type { Locale } from "./locales.ts";

/** An i18next instance for renders the remix-i18next middleware did not reach. */
export function fallbackI18n(locale: Locale): i18n {
  const instance = createInstance({ ...i18nextOptions, lng: locale });
  instance.use(initReactI18next);
  void instance.init();
  return instance;
}
