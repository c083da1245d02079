// Premium is sold with the promise of writing to anyone, and every message
// costs credits: a premium member with none is refused. Under Dutch consumer
// law a promise of chatting that leaves the price out misleads. So wherever
// premium or a package is sold (the payments texts, the welcome page's premium
// card), a text that promises messaging carries what a message costs: the
// `{{count}}` the page fills with the domain's own number, in every language.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { type Locale, locales } from "#app/i18n/locales.ts";

const repo = join(import.meta.dirname, "../..");

/** Words that promise chatting or writing, per language (stems, case-insensitive). */
const stems: Record<Locale, string[]> = {
  nl: ["chat", "bericht", "schrijf"],
  en: ["chat", "message", "write to"],
  de: ["chat", "nachricht", "schreib"],
  fr: ["chat", "discute", "message", "écris"],
  es: ["chat", "mensaje", "escrib"],
  it: ["chat", "messagg", "scriv"],
  pl: ["czat", "wiadomo", "pisz"],
  fi: ["chat", "viesti", "kirjoit"],
  sv: ["chatt", "meddelande", "skriv"],
  da: ["chat", "besked", "skriv"],
  nb: ["chat", "melding", "skriv"],
};
/** A stem at the start of a word ("achat" and "Iscriviti" do not chat). */
const messaging = Object.fromEntries(
  locales.map((locale) => [locale, new RegExp(`(?<!\\p{L})(${stems[locale].join("|")})`, "iu")]),
) as Record<Locale, RegExp>;

/** Where premium is sold: namespace and the key prefixes of its selling texts. */
const sellingTexts: [namespace: string, prefix: string][] = [
  ["payments", "premium."],
  ["payments", "package."],
  ["payments", "transactions.premiumNow"],
  ["accounts", "done.premiumText"],
];

type Tree = { [key: string]: string | Tree };
function strings(tree: Tree, prefix = ""): [string, string][] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === "string" ? [[`${prefix}${key}`, value] as [string, string]] : strings(value, `${prefix}${key}.`),
  );
}

const read = (locale: Locale, namespace: string) =>
  JSON.parse(readFileSync(join(repo, "locales", locale, `${namespace}.json`), "utf8")) as Tree;

/** A promise may go without a price only where it says there is none ("messages are free"). */
const free = /Free$/;

describe("a premium promise of messaging", () => {
  it.each(locales)("says what a message costs in %s", (locale) => {
    const unpriced = sellingTexts.flatMap(([namespace, prefix]) =>
      strings(read(locale, namespace))
        .filter(([key]) => key.startsWith(prefix) && !free.test(key))
        .filter(([key, text]) => !key.startsWith("package.credits") && messaging[locale].test(text))
        .filter(([, text]) => !text.includes("{{count"))
        .map(([key, text]) => `${namespace}:${key}: ${text}`),
    );
    expect(unpriced).toEqual([]);
  });

  it.each(locales)("is priced in the selling texts %s has at all", (locale) => {
    const chat = strings(read(locale, "payments")).filter(([key]) => key.startsWith("premium.benefits.chat_"));
    expect(chat.length).toBeGreaterThan(0);
    for (const [key, text] of chat) expect(text, key).toMatch(/\{\{count, number\}\}/);
  });
});
