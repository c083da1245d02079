// All translations, bundled into the Worker (locales/<lang>/<namespace>.json).
// The browser never downloads this module: it gets the active locale's
// resources embedded in the page (see root.tsx and entry.client.tsx).
import type { Resource, ResourceLanguage } from "i18next";
import { type Locale, locales } from "./locales.ts";

const files = import.meta.glob<Record<string, unknown>>("../../locales/*/*.json", {
  eager: true,
  import: "default",
});

export const resources: Resource = {};
for (const locale of locales) resources[locale] = {};
for (const [path, content] of Object.entries(files)) {
  const match = /locales\/([a-z]{2})\/([\w-]+)\.json$/.exec(path);
  if (!match) continue;
  const [, locale, namespace] = match as unknown as [string, Locale, string];
  if (resources[locale]) (resources[locale] as ResourceLanguage)[namespace] = content;
}

export const namespaces = [...new Set(Object.values(resources).flatMap((r) => Object.keys(r)))];
export const defaultNamespace = "common";
