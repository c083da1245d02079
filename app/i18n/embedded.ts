import type { ResourceLanguage } from "i18next";

export const I18N_SCRIPT_ID = "i18n-resources";

export interface EmbeddedI18n {
  locale: string;
  resources: ResourceLanguage;
}

/** JSON that is safe inside a <script> element. */
export function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, "\\u003c")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}
