// A search without a viewer (a visitor's /members, the home page's teaser) is
// kept for a few seconds per domain settings (app/server/members/search.ts):
// what changes is seen within that time, a settings change at once, and a
// member's own search is never answered from it.
import { SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { blocks } from "#app/server/db/schema.ts";
import { searchAsVisitor, searchQuerySchema } from "#app/server/members/search.ts";
import { appContext, clock, db, givenMember, NOW, sessionCookieFor } from "./fixtures.ts";

const everyone = searchQuerySchema.parse({});
const ids = async (found: ReturnType<typeof searchAsVisitor>) => (await found).members.map((m) => m.id);

describe("a visitor's search", () => {
  it("shows a member who became searchable within 10 seconds", async () => {
    const time = clock();
    const app = { ...appContext(), now: time.now };
    const first = await givenMember({ lastActivity: NOW - 60_000 });
    expect(await ids(searchAsVisitor(app, everyone))).toEqual([first]);

    const second = await givenMember({ lastActivity: NOW - 1_000 });
    time.advance(9_000);
    expect(await ids(searchAsVisitor(app, everyone))).toEqual([first]);
    time.advance(1_001);
    expect(await ids(searchAsVisitor(app, everyone))).toEqual([second, first]);
  });

  it("keeps each query's result apart and starts afresh with new domain settings", async () => {
    const app = appContext();
    const german = await givenMember({ country: "DE" });
    const dutch = await givenMember({ country: "NL" });
    expect(await ids(searchAsVisitor(app, searchQuerySchema.parse({ country: "DE" })))).toEqual([german]);
    expect(await ids(searchAsVisitor(app, searchQuerySchema.parse({ country: "NL" })))).toEqual([dutch]);

    const hidden = await givenMember({ country: "NL", lastActivity: NOW });
    const edited = { ...app, settings: { ...app.settings } };
    expect(await ids(searchAsVisitor(edited, searchQuerySchema.parse({ country: "NL" })))).toEqual([hidden, dutch]);
  });
});

describe("a member's search", () => {
  it("is never a visitor's kept result: it leaves out the member and whom they blocked", async () => {
    const member = await givenMember();
    const blocked = await givenMember();
    const other = await givenMember();
    const cards = async (cookie?: string) => {
      const html = await (
        await SELF.fetch("http://localhost/members?gender=female", {
          headers: { cookie: `site_entry_skipped=1${cookie ? `; ${cookie}` : ""}` },
        })
      ).text();
      return [member, blocked, other].filter((id) => html.includes(`href="/members/${id}"`));
    };

    expect(await cards()).toEqual([member, blocked, other]);
    await db.insert(blocks).values({ blockerId: member, blockedId: blocked, createdAt: NOW });
    expect(await cards(await sessionCookieFor(member))).toEqual([other]);
    expect(await cards()).toEqual([member, blocked, other]);
  });
});
