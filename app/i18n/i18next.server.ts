// Server-side i18next: one instance per request through remix-i18next's
// middleware (locale already resolved by the Worker), and cached fixed
// translators for code outside React (API errors, mails).
import { createInstance, type i18n, type TFunction } from "i18next";
import { initReactI18next } from "react-i18next";
import { createI18nextMiddleware } from "remix-i18next";
import { requestContext } from "#app/context.ts";
import { defaultLocale, type Locale, locales } from "./locales.ts";
import { defaultNamespace, namespaces, resources } from "./resources.ts";

export const i18nextOptions = {
  resources,
  ns: namespaces,
  defaultNS: defaultNamespace,
  fallbackLng: defaultLocale,
  supportedLngs: [...locales],
  interpolation: { escapeValue: false },
  initAsync: false,
} as const;

export const [i18nextMiddleware, , getI18n] = createI18nextMiddleware({
  detection: {
    supportedLanguages: [...locales],
    fallbackLanguage: defaultLocale,
    order: ["custom"],
    findLocale: async ({ context }) => context.get(requestContext).locale,
  },
  i18next: i18nextOptions,
  plugins: [initReactI18next],
});

const translators = new Map<Locale, i18n>();

/** A translator for `locale`, for code that runs outside a React render. */
export function translator(locale: Locale): TFunction {
  let instance = translators.get(locale);
  if (!instance) {
    instance = createInstance({ ...i18nextOptions, lng: locale });
    void instance.init();
    translators.set(locale, instance);
  }
  return instance.t;
}
