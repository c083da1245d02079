// Server-side i18next: one instance per request through remix-i18next's
// middleware (locale already resolved by the Worker), rendered through a view
// that keeps react-i18next's hooks cheap; fixed instances per locale for code
// outside React (API errors, mails) and pages no route matched.
import { createInstance, type i18n, type TFunction } from "i18next";
import { initReactI18next } from "react-i18next";
import type { RouterContextProvider } from "react-router";
import { createI18nextMiddleware } from "remix-i18next";
import { requestContext } from "#app/context.ts";
import { kept } from "#app/kept.ts";
import { defaultLocale, type Locale, locales } from "./locales.ts";
import { defaultNamespace, namespaces, resources } from "./resources.ts";

const i18nextOptions = {
  resources,
  ns: namespaces,
  defaultNS: defaultNamespace,
  fallbackLng: defaultLocale,
  supportedLngs: [...locales],
  interpolation: { escapeValue: false },
  initAsync: false,
} as const;

// remix-i18next's middleware makes the request's instance (about 0.15 ms: the
// translations are bundled, nothing is fetched).
const [i18nextMiddleware, , requestI18n] = createI18nextMiddleware({
  detection: {
    supportedLanguages: [...locales],
    fallbackLanguage: defaultLocale,
    order: ["custom"],
    findLocale: async ({ context }) => context.get(requestContext).locale,
  },
  i18next: i18nextOptions,
  plugins: [initReactI18next],
});

export { i18nextMiddleware };

/**
 * A view of an instance with no properties of its own: react-i18next copies
 * the i18n object's own properties at every `useTranslation` (about 40 on an
 * instance, most of what a hook cost), and copies none here. What a render
 * sets lands on the view, so the instance behind it stays as it was.
 */
const viewOf = (instance: i18n) => Object.create(instance) as i18n;

const pageViews = new WeakMap<i18n, i18n>();

/** The i18n object the page renders with; throws where the middleware did not run (no route matched). */
export function getI18n(context: Readonly<RouterContextProvider>): i18n {
  const instance = requestI18n(context);
  return kept(pageViews, instance, () => viewOf(instance));
}

/** Fixed instances per locale for code outside a route's middleware (translators, error pages). */
const instances = new Map<Locale, i18n>();

function localeInstance(locale: Locale): i18n {
  return kept(instances, locale, () => {
    const instance = createInstance({ ...i18nextOptions, lng: locale });
    instance.use(initReactI18next);
    void instance.init();
    return instance;
  });
}

/** The i18n object for a render no route's middleware reached (a page that does not exist). */
export function pageI18n(locale: Locale): i18n {
  return viewOf(localeInstance(locale));
}

/** A translator for `locale`, for code that runs outside a React render. */
export function translator(locale: Locale): TFunction {
  return localeInstance(locale).t;
}
