// Every translation key the code names exists in every language: a key that
// is missing shows the member its raw name ("accountBanned"). The code is
// read as text: a namespaced key anywhere ("errors:accountBanned"), and a
// plain key given to `t` in a file that takes one namespace through
// `useTranslation("ns")` (the common namespace where it names none). Keys
// built at run time (`icebreaker.${key}`) are checked where their parts are
// listed, by the tests of that screen.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { locales } from "#app/i18n/locales.ts";

const repo = join(import.meta.dirname, "../..");

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return files(path);
    return /\.tsx?$/.test(name) && !name.endsWith(".d.ts") ? [path] : [];
  });
}

const namespaces = readdirSync(join(repo, "locales/nl"))
  .filter((f) => f.endsWith(".json"))
  .map((f) => f.slice(0, -5));

type Tree = { [key: string]: string | Tree };
function keysOf(tree: Tree, prefix = ""): string[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === "string" ? [`${prefix}${key}`] : [`${prefix}${key}`, ...keysOf(value, `${prefix}${key}.`)],
  );
}

/** The keys of a language as i18next finds them: a plural's or a context's base counts as its key. */
function keysIn(locale: string): Set<string> {
  const keys = new Set<string>();
  for (const ns of namespaces) {
    const tree = JSON.parse(readFileSync(join(repo, "locales", locale, `${ns}.json`), "utf8")) as Tree;
    for (const key of keysOf(tree)) {
      keys.add(`${ns}:${key}`);
      keys.add(`${ns}:${key.replace(/_(zero|one|two|few|many|other)$/, "")}`);
    }
  }
  return keys;
}

const KEY = "[A-Za-z][\\w-]*(?:\\.[A-Za-z0-9_-]+)*";
const NAMESPACED = new RegExp(`["'\`](${namespaces.join("|")}):(${KEY})["'\`]`, "g");
const PLAIN_CALL = new RegExp(`\\bt\\(\\s*["'](${KEY})["']`, "g");
const ONE_NAMESPACE = /useTranslation\(\s*(?:"([\w-]+)"|\[\s*"([\w-]+)")?/g;

/** Where each key is named: "ns:key" → files. */
function namedKeys(): Map<string, Set<string>> {
  const named = new Map<string, Set<string>>();
  const add = (key: string, file: string) => {
    if (!named.has(key)) named.set(key, new Set());
    named.get(key)!.add(relative(repo, file));
  };
  for (const file of [...files(join(repo, "app")), ...files(join(repo, "workers"))]) {
    const source = readFileSync(file, "utf8");
    for (const m of source.matchAll(NAMESPACED)) add(`${m[1]}:${m[2]}`, file);
    const defaults = new Set([...source.matchAll(ONE_NAMESPACE)].map((m) => m[1] ?? m[2] ?? "common"));
    if (defaults.size !== 1) continue;
    const [ns] = defaults;
    for (const m of source.matchAll(PLAIN_CALL)) if (!m[1]!.includes(":")) add(`${ns}:${m[1]}`, file);
  }
  return named;
}

const named = namedKeys();

it("finds the keys the code names", () => {
  expect(named.size).toBeGreaterThan(500);
});

describe.each(locales)("%s", (locale) => {
  it("has every key the code names", () => {
    const keys = keysIn(locale);
    const missing = [...named]
      .filter(([key]) => !keys.has(key))
      .map(([key, where]) => `${key} (${[...where].join(", ")})`);
    expect(missing).toEqual([]);
  });
});
