// Each language's style sheet (docs/languages/<lang>.md) ends with the forms
// its translations must never use (a wrong word for the product's own, the
// other register, an English leftover); docs/languages/README.md lists those
// forbidden in every language. Here every string and legal text of the
// language is held against both lists.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { locales } from "#app/i18n/locales.ts";

const repo = join(import.meta.dirname, "../..");

interface Forbidden {
  line: string;
  pattern: RegExp;
}

/** The items of a style sheet's "## Forbidden forms" section: `phrase` or /regex/flags. */
function forbiddenForms(file: string): Forbidden[] {
  const text = readFileSync(join(repo, "docs/languages", file), "utf8");
  const section = text.split(/^## /m).find((part) => part.startsWith("Forbidden forms"));
  if (!section) throw new Error(`${file} has no "## Forbidden forms" section`);
  return section
    .split("\n")
    .filter((line) => line.startsWith("- "))
    .map((line) => {
      const phrase = /^- `([^`]+)`/.exec(line);
      if (phrase) {
        const escaped = phrase[1]!.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
        return { line, pattern: new RegExp(`(?<!\\p{L})${escaped}(?!\\p{L})`, "iu") };
      }
      const regex = /^- \/(.+)\/([a-z]*) /.exec(line);
      if (regex) return { line, pattern: new RegExp(regex[1]!, regex[2]) };
      throw new Error(`${file}: cannot read "${line}"`);
    });
}

type Tree = { [key: string]: string | Tree };
function strings(tree: Tree, prefix: string): [string, string][] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === "string" ? [[`${prefix}${key}`, value] as [string, string]] : strings(value, `${prefix}${key}.`),
  );
}

/** Every text of a language: its strings (namespace:key) and its legal documents (file). */
function texts(locale: string): [string, string][] {
  const dir = join(repo, "locales", locale);
  const ui = readdirSync(dir)
    .filter((f) => f.endsWith(".json"))
    .flatMap((f) => strings(JSON.parse(readFileSync(join(dir, f), "utf8")) as Tree, `${f.slice(0, -5)}:`));
  const legalDir = join(repo, "app/content/legal", locale);
  const legal = readdirSync(legalDir).map((f) => [f, readFileSync(join(legalDir, f), "utf8")] as [string, string]);
  return [...ui, ...legal];
}

const everywhere = forbiddenForms("README.md");

describe.each(locales)("%s", (locale) => {
  it("uses no form its style sheet or the shared rules forbid", () => {
    const forms = [...everywhere, ...forbiddenForms(`${locale}.md`)];
    const found = texts(locale).flatMap(([where, text]) =>
      forms.filter((form) => form.pattern.test(text)).map((form) => `${where}: ${form.line}`),
    );
    expect(found).toEqual([]);
  });
});
