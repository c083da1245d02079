import type { ResourceLanguage } from "i18next";

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
  const inConsole = pathname === "/admin" || pathname.startsWith("/admin/");
  return Object.fromEntries(
    Object.entries(all).filter(([namespace]) => namespace !== "mail" && (namespace !== "admin" || inConsole)),
  );
}

/** JSON that is safe inside a <script> element. */
export function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, "\\u003c")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}
