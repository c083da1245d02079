import type { ResourceLanguage } from "i18next";
import { kept } from "#app/kept.ts";

export const I18N_SCRIPT_ID = "i18n-resources";

export interface EmbeddedI18n {
  locale: string;
  resources: ResourceLanguage;
}

/**
 * The namespaces a page needs in the browser: never the mails' texts (they are
 * only rendered on the server), the operator console's only inside /admin.
 */
export function pageResources(all: ResourceLanguage, pathname: string): ResourceLanguage {
  const inConsole = isConsole(pathname);
  return Object.fromEntries(
    Object.entries(all).filter(([namespace]) => namespace !== "mail" && (namespace !== "admin" || inConsole)),
  );
}

const isConsole = (pathname: string) => pathname === "/admin" || pathname.startsWith("/admin/");

// The same few strings (a locale, in the console or not) for every page: ~40 KB
// of JSON, made once per set of translations instead of once per page.
const embeddedJson = new WeakMap<ResourceLanguage, Map<string, string>>();

/** The page's <script> content: the locale and its translations for the browser. */
export function embeddedI18nJson(locale: string, all: ResourceLanguage, pathname: string): string {
  const made = kept(embeddedJson, all, () => new Map<string, string>());
  return kept(made, `${locale} ${isConsole(pathname)}`, () =>
    scriptSafeJson({ locale, resources: pageResources(all, pathname) } satisfies EmbeddedI18n),
  );
}

/** JSON that is safe inside a <script> element. */
export function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, "\\u003c")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}
