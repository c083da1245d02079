// Every page a visitor or a member can open, as the server renders it, is
// valid where validators and screen readers look hardest: one <main>, one
// non-empty <title>, no id used twice, and each required <select> starting
// with an empty option (so nothing is chosen for the member by default).
// The pages come from the access table, so a new page is checked too.
import { SELF } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { doors } from "#app/server/access/doors.ts";
import { startConversation } from "#app/server/chat/conversations.ts";
import { creditPackages, users } from "#app/server/db/schema.ts";
import { appContext, db, givenAccount, givenCompany, givenRegion, sessionCookieFor } from "./fixtures.ts";

/** Problems a validator reports in a document, by rule. */
function markupProblems(html: string): string[] {
  const problems: string[] = [];
  // Script and style bodies are not markup (the embedded translations may mention ids).
  const markup = html.replace(/<(script|style)\b[^>]*>[\s\S]*?<\/\1>/gi, "");
  const mains = markup.match(/<main\b/gi)?.length ?? 0;
  if (mains > 1) problems.push(`${mains} <main> elements`);
  const head = markup.split(/<\/head>/i)[0] ?? "";
  const titles = [...head.matchAll(/<title\b[^>]*>([\s\S]*?)<\/title>/gi)].map((m) => m[1]!.trim());
  if (titles.length !== 1) problems.push(`${titles.length} <title> elements`);
  else if (!titles[0]) problems.push("an empty <title>");
  const ids = [...markup.matchAll(/<[a-z][\w-]*\b[^>]*?\sid="([^"]*)"/gi)].map((m) => m[1]!);
  const repeated = [...new Set(ids.filter((id, i) => ids.indexOf(id) !== i))];
  if (repeated.length) problems.push(`duplicate id: ${repeated.join(", ")}`);
  for (const select of markup.matchAll(/<select\b([^>]*)>([\s\S]*?)<\/select>/gi)) {
    const attributes = select[1]!;
    if (!/\srequired(=|\s|$)/.test(attributes) || /\smultiple(=|\s|$)/.test(attributes)) continue;
    const first = /<option\b([^>]*)>([\s\S]*?)<\/option>/i.exec(select[2]!);
    const emptyValue = first && /\svalue=""/.test(first[1]!);
    const noText = first && !first[2]!.trim();
    if (!emptyValue && !noText) {
      problems.push(`required select ${/name="([^"]*)"/.exec(attributes)?.[1]} without an empty first option`);
    }
  }
  return problems;
}

/** A concrete address for a page pattern of the access table. */
function pathFor(pattern: string, query: string | undefined, w: { other: number; conversation: number; pkg: number }) {
  const path = pattern
    .replace("/chats/:id", `/chats/${w.conversation}`)
    .replace("/credits/:id", `/credits/${w.pkg}`)
    .replace(":paymentmethod?", "ideal")
    .replace(/\/:[a-z]+\?/g, "")
    .replace(":id", String(w.other))
    .replace(":type", "received")
    .replace(":page", "terms")
    .replace("/*", "/this-page-does-not-exist");
  return query ? `${path}?${query}=not-a-real-token` : path;
}

async function world() {
  await givenCompany();
  await givenRegion("NL", "UT", "Utrecht");
  const member = await givenAccount({ name: "Ann" });
  const other = await givenAccount({ name: "Bob", gender: "male" });
  await db.update(users).set({ paidUser: true }).where(eq(users.id, member));
  const conversation = await startConversation(appContext(), { id: member, paidUser: true }, other);
  const [pkg] = await db
    .insert(creditPackages)
    .values({ domain: "*", country: "NL", currency: "EUR", credits: 60, priceCents: 1995, style: "p1" })
    .returning();
  return { cookie: await sessionCookieFor(member), other, conversation, pkg: pkg!.id };
}

const pages = doors.filter(
  (d) => d.kind === "page" && d.method === "GET" && ["anyone", "visitor", "member", "link"].includes(d.audience.kind),
);

describe("page markup", () => {
  it("finds the problems it looks for", () => {
    const bad =
      '<html><head><title> </title></head><body><main><main id="a"><p id="a"></p>' +
      '<select name="gender" required><option value="f">F</option></select></main></main></body></html>';
    expect(markupProblems(bad)).toEqual([
      "2 <main> elements",
      "an empty <title>",
      "duplicate id: a",
      "required select gender without an empty first option",
    ]);
  });

  it("describes the pages a search engine lists (home, member search) in the page's language", async () => {
    for (const [path, lng] of [
      ["/", "de"],
      ["/members", "de"],
      ["/members", "fi"],
    ] as const) {
      const html = await (
        await SELF.fetch(`http://localhost${path}?lng=${lng}`, { headers: { Cookie: "site_entry_skipped=1" } })
      ).text();
      const description = /<meta name="description" content="([^"]*)"/.exec(html)?.[1];
      expect(description, `${path} in ${lng}`).toBeTruthy();
      expect(html, `${path} in ${lng}`).toMatch(new RegExp(`<html[^>]*lang="${lng}"`));
    }
  });

  for (const persona of ["visitor", "member"] as const) {
    it(`is valid on every page a ${persona} can open`, async () => {
      const w = await world();
      const headers: Record<string, string> = { "CF-IPCountry": "NL" };
      if (persona === "member") headers.Cookie = w.cookie;
      const found: Record<string, string[]> = {};
      let checked = 0;
      for (const door of pages) {
        const path = pathFor(door.path, door.query, w);
        const response = await SELF.fetch(`http://localhost${path}`, { headers, redirect: "manual" });
        // Redirects and files (icons, the manifest, the data export) are not pages; error pages are.
        const isPage = response.headers.get("Content-Type")?.includes("text/html");
        if (!isPage || (response.status >= 300 && response.status < 400)) {
          await response.body?.cancel();
          continue;
        }
        const html = await response.text();
        checked++;
        const problems = markupProblems(html);
        if (problems.length) found[path] = problems;
      }
      expect(found).toEqual({});
      expect(checked).toBeGreaterThan(5);
      // The first request of a run builds every page's module on demand.
    }, 240_000);
  }
});
