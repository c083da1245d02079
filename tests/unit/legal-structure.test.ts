// The legal and help documents say the same in every language: the Dutch
// text is the reference, and each translation has its sections in the same
// order, with the same numbers (ages, days, percentages, article references)
// and the same placeholders in each. A translation that drops a promise or a
// limit, or adds one, fails here.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { locales } from "#app/i18n/locales.ts";

const root = join(import.meta.dirname, "../../app/content/legal");
const documents = readdirSync(join(root, "nl"))
  .filter((f) => f.endsWith(".md"))
  .sort();

interface Section {
  heading: string;
  numbers: string[];
  placeholders: string[];
}

/** The document cut at its `##` headings; what comes before the first is the introduction. */
function sections(locale: string, file: string): Section[] {
  const text = readFileSync(join(root, locale, file), "utf8");
  const parts = text.split(/^(?=## )/m);
  return parts.map((part) => {
    const heading = part.startsWith("## ") ? part.slice(0, part.indexOf("\n")) : "(introduction)";
    const placeholders = [...part.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]!);
    // Digits outside placeholders: each number a reader could hold us to.
    const numbers = [...part.replace(/\{\{[^}]*\}\}/g, "").matchAll(/\d+(?:[.,]\d+)?/g)].map((m) =>
      m[0].replace(",", "."),
    );
    return { heading, numbers: numbers.sort(), placeholders: [...new Set(placeholders)].sort() };
  });
}

/** A heading's own number ("## 7. Fictieve profielen" → "7"), the order the sections keep. */
const headingNumber = (heading: string) => /^## (\d+)\./.exec(heading)?.[1] ?? null;

describe.each(documents)("%s", (file) => {
  const reference = sections("nl", file);

  it.each(locales.filter((l) => l !== "nl"))("in %s has the sections of the Dutch text, in its order", (locale) => {
    const translated = sections(locale, file);
    expect(translated.length, `${locale}/${file}: sections`).toBe(reference.length);
    expect(translated.map((s) => headingNumber(s.heading))).toEqual(reference.map((s) => headingNumber(s.heading)));
  });

  it.each(locales.filter((l) => l !== "nl"))("in %s says the same numbers and fills the same values", (locale) => {
    const translated = sections(locale, file);
    const differing = reference.flatMap((section, i) => {
      const other = translated[i];
      if (!other) return [`${section.heading}: missing`];
      const wrong: string[] = [];
      if (other.numbers.join() !== section.numbers.join()) {
        wrong.push(
          `${section.heading} | ${other.heading}: numbers ${other.numbers.join(" ")} ≠ ${section.numbers.join(" ")}`,
        );
      }
      if (other.placeholders.join() !== section.placeholders.join()) {
        wrong.push(`${section.heading}: values ${other.placeholders.join(" ")} ≠ ${section.placeholders.join(" ")}`);
      }
      return wrong;
    });
    expect(differing).toEqual([]);
  });
});
