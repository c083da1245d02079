// Every UI string exists in all 11 locales, with the same placeholders and the
// plural forms each language needs; no locale falls back to English text. A
// language may add context variants of a string (i18next context: the gender
// of whom it speaks, "_male"/"_female", or a country code, "_CH") where its
// grammar needs them; the neutral string stays, as the fallback.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { locales } from "#app/i18n/locales.ts";

const root = join(import.meta.dirname, "../../locales");
const PLURAL = /_(zero|one|two|few|many|other)$/;
const CONTEXT = /_(male|female|[A-Z]{2})$/;

type Tree = { [key: string]: string | Tree };
function flatten(tree: Tree, prefix = ""): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === "string") out.set(path, value);
    else for (const [k, v] of flatten(value, path)) out.set(k, v);
  }
  return out;
}

function load(locale: string): Map<string, string> {
  const all = new Map<string, string>();
  for (const file of readdirSync(join(root, locale))
    .filter((f) => f.endsWith(".json"))
    .sort()) {
    const tree = JSON.parse(readFileSync(join(root, locale, file), "utf8")) as Tree;
    for (const [k, v] of flatten(tree)) all.set(`${file.slice(0, -5)}:${k}`, v);
  }
  return all;
}

const base = (key: string) => key.replace(PLURAL, "");
/** The neutral key a context variant falls back to. */
const neutral = (key: string) => base(key).replace(CONTEXT, "");
const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)[^}]*\}\}/g)].map((m) => m[1]).sort();

const reference = load("nl");
const plural = (key: string) => reference.get(`${key}_other`);
const dutchKeys = new Set([...reference.keys()].map(base));
/** The keys every language needs: Dutch's own context variants are its own, like any language's. */
const referenceKeys = new Set([...dutchKeys].filter((k) => neutral(k) === k || !dutchKeys.has(neutral(k))));
const english = load("en");

// Words that are the same in English and in the language using them (e.g. es
// "No", "Error"; fr "Photos", "Pages"; da "Like").
const international = new Set([
  "Online",
  "Single",
  "Bi",
  "Cookies",
  "FAQ",
  "OK",
  "Gay",
  "Blond",
  "Tattoos",
  "No",
  "Error",
  "Pages",
  "Photos",
  "Orientation",
  "Like",
  "Page {{page}}",
  "Art",
  "Gym",
  "Shopping",
  "Spanking",
  "Swinging",
  "Exhibitionism",
  "Voyeurism",
  "Region",
  "Messages",
  "Notifications",
  "Password",
]);

describe.each(locales)("locale %s", (locale) => {
  const strings = load(locale);
  const categories = new Intl.PluralRules(locale).resolvedOptions().pluralCategories;

  it("has every key of nl and no others", () => {
    const keys = new Set([...strings.keys()].map(base));
    expect([...referenceKeys].filter((k) => !keys.has(k))).toEqual([]);
    expect([...keys].filter((k) => !referenceKeys.has(k) && !referenceKeys.has(neutral(k)))).toEqual([]);
  });

  it("keeps the placeholders of nl", () => {
    const wrong = [...strings].filter(([key, value]) => {
      const nl = reference.get(key) ?? reference.get(`${base(key)}_other`);
      return nl !== undefined && placeholders(nl).join() !== placeholders(value).join();
    });
    expect(wrong.map(([key]) => key)).toEqual([]);
  });

  it("has context variants only of strings nl has, using only their placeholders", () => {
    const variants = [...strings].filter(([key]) => !referenceKeys.has(base(key)));
    const wrong = variants.filter(([key, value]) => {
      const nl = reference.get(neutral(key)) ?? plural(neutral(key));
      return nl === undefined || placeholders(value).some((name) => !placeholders(nl).includes(name));
    });
    expect(wrong.map(([key]) => key)).toEqual([]);
  });

  it("has the plural forms its language needs", () => {
    const plurals = new Set([...strings.keys()].filter((k) => PLURAL.test(k)).map(base));
    const missing = [...plurals].flatMap((key) =>
      categories.filter((c) => !strings.has(`${key}_${c}`)).map((c) => `${key}_${c}`),
    );
    expect(missing).toEqual([]);
  });

  it.skipIf(locale === "en" || locale === "nl")("is translated, not left in English", () => {
    const untranslated = [...strings].filter(
      ([key, value]) => value === english.get(key) && value !== reference.get(key) && !international.has(value),
    );
    expect(untranslated.map(([key, value]) => `${key}=${value}`)).toEqual([]);
  });
});
