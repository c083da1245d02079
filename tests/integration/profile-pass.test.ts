// "Not interested" on a profile: the same pass as the swipe game's, then the
// next profile where there is a natural next one (the next unanswered like on
// /likes/m/:id, the best suggestion on /members/:id), else back to the list.
import { SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { findSessionMember, startSession } from "#app/server/accounts/session.ts";
import { passes } from "#app/server/db/schema.ts";
import { likeMember } from "#app/server/likes/likes.ts";
import { passOnProfile } from "#app/server/likes/pass-on.ts";
import { appContext, db, givenAccount, NOW, outcome, sessionCookieFor } from "./fixtures.ts";

async function member(id: number) {
  const { token, statement } = await startSession(db, { userId: id, now: NOW });
  await statement;
  return (await findSessionMember(db, token, NOW))!;
}

const app = () => appContext({}, NOW);

async function postPass(path: string, cookie: string) {
  return SELF.fetch(`http://localhost${path}`, {
    method: "POST",
    redirect: "manual",
    headers: { Origin: "http://localhost", Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ intent: "pass" }),
  });
}

describe("passing on a profile", () => {
  it("from the likes: records the pass and leads to the next like not yet answered, then back to the likes", async () => {
    const ann = await givenAccount({ gender: "female" });
    const [bob, carl, dirk] = await Promise.all([1, 2, 3].map(() => givenAccount({ gender: "male" })));
    for (const liker of [bob!, carl!, dirk!]) await likeMember(app(), await member(liker), ann);
    // Dirk was liked back already: no longer a like waiting for an answer.
    await likeMember(app(), await member(ann), dirk!);

    const first = await passOnProfile(app(), await member(ann), bob!, "likes");
    expect(first).toEqual({ next: carl });
    expect((await db.select().from(passes)).map((p) => [p.memberId, p.targetId])).toEqual([[ann, bob]]);
    expect(await passOnProfile(app(), await member(ann), carl!, "likes")).toEqual({ next: null });
  });

  it("from search: leads to the best suggestion not yet liked or passed, never back to the one passed", async () => {
    const ann = await givenAccount({ gender: "female" });
    const bob = await givenAccount({ gender: "male", lastActivity: NOW });
    const carl = await givenAccount({ gender: "male", lastActivity: NOW - 1000 });
    expect(await passOnProfile(app(), await member(ann), bob, "search")).toEqual({ next: carl });
    expect(await passOnProfile(app(), await member(ann), carl, "search")).toEqual({ next: null });
  });

  it("refuses a pass on a member who is not there, and writes nothing", async () => {
    const ann = await givenAccount({ gender: "female" });
    const hidden = await givenAccount({ gender: "male", searchable: false });
    expect(await outcome(passOnProfile(app(), await member(ann), hidden, "search"))).toBe("member_not_found");
    expect(await outcome(passOnProfile(app(), await member(ann), ann, "search"))).toBe("not_yourself");
    expect(await db.select().from(passes)).toEqual([]);
  });

  it("answers the profile's form with the next profile, or the list it came from", async () => {
    const ann = await givenAccount({ gender: "female" });
    const bob = await givenAccount({ gender: "male" });
    const carl = await givenAccount({ gender: "male" });
    await likeMember(app(), await member(bob), ann);
    const cookie = await sessionCookieFor(ann);

    const fromLikes = await postPass(`/likes/m/${bob}`, cookie);
    expect(fromLikes.status).toBe(302);
    expect(new URL(fromLikes.headers.get("Location")!, "http://localhost").pathname).toBe("/likes");

    const fromSearch = await postPass(`/members/${bob}`, cookie);
    expect(fromSearch.status).toBe(302);
    expect(new URL(fromSearch.headers.get("Location")!, "http://localhost").pathname).toBe(`/members/${carl}`);

    const last = await postPass(`/members/${carl}`, cookie);
    expect(new URL(last.headers.get("Location")!, "http://localhost").pathname).toBe("/members");

    expect((await postPass("/members/999999", cookie)).status).toBe(404);
  });
});
