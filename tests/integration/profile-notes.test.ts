// Private profile notes: one note per member about another, seen only by its
// writer, on the profile and the conversation; switched per domain by
// visible_profile_notes; in the writer's data export and gone with erasure.
import { env, SELF } from "cloudflare:test";
import { and, eq } from "drizzle-orm";
import { strFromU8, unzipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { blocks, profileNotes, users } from "#app/server/db/schema.ts";
import { readNote, saveNote } from "#app/server/members/notes.ts";
import { eraseMember } from "#app/server/privacy/erasure.ts";
import { memberDataExport } from "#app/server/privacy/export.ts";
import { builtInSettings } from "#app/server/settings/defaults.ts";
import { forgetSettings } from "#app/server/settings/resolve.ts";
import nlErrors from "../../locales/nl/errors.json";
import nlValidation from "../../locales/nl/validation.json";
import {
  appContext,
  db,
  givenAccount,
  givenConversation,
  givenDomainSettings,
  NOW,
  outcome,
  SITE,
  sessionCookieFor,
} from "./fixtures.ts";
import { givenOperator } from "./operator-fixtures.ts";

const app = appContext();

async function page(path: string, cookie?: string) {
  const response = await SELF.fetch(`${SITE}${path}`, { headers: cookie ? { Cookie: cookie } : {} });
  return { status: response.status, html: (await response.text()).replaceAll("<!-- -->", "") };
}

async function postNote(memberId: number, note: string, cookie?: string) {
  const response = await SELF.fetch(`${SITE}/members/${memberId}`, {
    method: "POST",
    redirect: "manual",
    headers: {
      Origin: SITE,
      "Content-Type": "application/x-www-form-urlencoded",
      ...(cookie ? { Cookie: cookie } : {}),
    },
    body: new URLSearchParams({ intent: "note", note }),
  });
  return { status: response.status, html: await response.text() };
}

const notesRows = (ownerId: number) => db.select().from(profileNotes).where(eq(profileNotes.ownerId, ownerId));

async function switchNotes(on: boolean) {
  await givenDomainSettings("localhost", { ...builtInSettings, visible_profile_notes: on });
  forgetSettings();
}

// The first page of a run renders cold: its modules are compiled on the way.
describe("private profile notes", () => {
  it("keeps one note per member: saves it, replaces it, and deletes it when saved empty", async () => {
    const ann = await givenAccount({ name: "Ann" });
    const bob = await givenAccount({ name: "Bob", gender: "male" });
    expect(await readNote(app, ann, bob)).toEqual({ text: "", updatedAt: null });
    await saveNote(app, ann, bob, "Likes sailing");
    await saveNote(appContext({}, NOW + 60_000), ann, bob, "Likes sailing and jazz");
    expect(await readNote(app, ann, bob)).toEqual({ text: "Likes sailing and jazz", updatedAt: NOW + 60_000 });
    expect(await notesRows(ann)).toHaveLength(1);
    // Bob has no note about Ann: notes go one way.
    expect((await readNote(app, bob, ann))?.text).toBe("");
    await saveNote(app, ann, bob, "");
    expect(await notesRows(ann)).toEqual([]);
  });

  it("refuses a note about oneself, an unknown member or a deleted account", async () => {
    const ann = await givenAccount();
    // Deleting an account takes it out of search (profiles.searchable), as the deletion rule does.
    const gone = await givenAccount({ status: "deleted", deletedAt: NOW - 1000, searchable: false });
    expect(await outcome(saveNote(app, ann, ann, "me"))).toBe("not_yourself");
    expect(await outcome(saveNote(app, ann, 99_999, "nobody"))).toBe("member_not_found");
    expect(await outcome(saveNote(app, ann, gone, "gone"))).toBe("member_not_found");
    expect(await notesRows(ann)).toEqual([]);
  });

  it("answers a note about a member the writer may not see exactly as one about a member who does not exist", async () => {
    const ann = await givenAccount({ name: "Ann" });
    const annCookie = await sessionCookieFor(ann);
    const blockedAnn = await givenAccount({ gender: "male" });
    await db.insert(blocks).values({ blockerId: blockedAnn, blockedId: ann, createdAt: NOW });
    const hidden = {
      "blocked the writer": blockedAnn,
      invisible: await givenAccount({ searchable: false }),
      "not confirmed": await givenAccount({ status: "not_confirmed", searchable: false }),
      deleted: await givenAccount({ status: "deleted", deletedAt: NOW - 1000, searchable: false }),
      banned: await givenAccount({ searchable: false }),
    };
    await db.update(users).set({ invisible: true }).where(eq(users.id, hidden.invisible));
    await db.update(users).set({ status: "banned" }).where(eq(users.id, hidden.banned));
    const nobody = {
      outcome: await outcome(saveNote(app, ann, 99_999, "x")),
      status: (await postNote(99_999, "x", annCookie)).status,
    };
    expect(nobody).toEqual({ outcome: "member_not_found", status: 404 });
    for (const [kind, id] of Object.entries(hidden)) {
      expect(await outcome(saveNote(app, ann, id, "x")), kind).toBe(nobody.outcome);
      expect((await postNote(id, "x", annCookie)).status, kind).toBe(nobody.status);
    }
    expect(await notesRows(ann)).toEqual([]);
    // A member Ann blocked herself is still on her profile page (she may unblock): a note is fine.
    const blockedByAnn = await givenAccount({ gender: "male" });
    await db.insert(blocks).values({ blockerId: ann, blockedId: blockedByAnn, createdAt: NOW });
    expect(await outcome(saveNote(app, ann, blockedByAnn, "Why did I block him?"))).toBe("ok");
  });

  it("neither shows nor changes a note about a member who blocked its writer, and keeps it for when the block is lifted", async () => {
    const ann = await givenAccount({ name: "Ann" });
    const bob = await givenAccount({ name: "Bob", gender: "male" });
    await saveNote(app, ann, bob, "Ask about the marathon");
    await db.insert(blocks).values({ blockerId: bob, blockedId: ann, createdAt: NOW });

    expect(await readNote(app, ann, bob)).toBeNull();
    expect(await outcome(saveNote(app, ann, bob, "Changed"))).toBe("member_not_found");
    expect(await outcome(saveNote(app, ann, bob, ""))).toBe("member_not_found");
    expect((await notesRows(ann))[0]?.text).toBe("Ask about the marathon");

    await db.delete(blocks).where(and(eq(blocks.blockerId, bob), eq(blocks.blockedId, ann)));
    expect((await readNote(app, ann, bob))?.text).toBe("Ask about the marathon");
  });

  it("saves up to 1000 characters from the profile and shows the note to its writer only", async () => {
    const ann = await givenAccount({ name: "Ann" });
    const bob = await givenAccount({ name: "Bob", gender: "male" });
    const carol = await givenAccount({ name: "Carol" });
    const annCookie = await sessionCookieFor(ann);
    const longest = `Met at the jazz bar ${"x".repeat(980)}`;
    expect(longest).toHaveLength(1000);
    expect((await postNote(bob, longest, annCookie)).status).toBe(200);
    expect((await notesRows(ann))[0]?.text).toBe(longest);
    const own = await page(`/members/${bob}`, annCookie);
    expect(own.html).toContain('data-testid="profile-note"');
    expect(own.html).toContain("Met at the jazz bar");
    const other = await page(`/members/${bob}`, await sessionCookieFor(carol));
    expect(other.html).toContain('data-testid="profile-note"');
    expect(other.html).not.toContain("Met at the jazz bar");
    // Visitors have no notes and cannot write one.
    expect((await page(`/members/${bob}`)).html).not.toContain('data-testid="profile-note"');
    expect((await postNote(bob, "visitor", undefined)).status).toBeGreaterThanOrEqual(300);
    expect(await db.select().from(profileNotes).where(eq(profileNotes.memberId, bob))).toHaveLength(1);
  });

  it("refuses a note over 1000 characters with a clear message in the member's language", async () => {
    const ann = await givenAccount();
    const bob = await givenAccount({ gender: "male" });
    const answer = await postNote(bob, "y".repeat(1001), await sessionCookieFor(ann));
    expect(answer.status).toBe(400);
    expect(answer.html).toContain(nlValidation.noteTooLong);
    expect(await notesRows(ann)).toEqual([]);
  });

  it("shows the note above the conversation with that member", async () => {
    const { ann, bob, conversation, annCookie, bobCookie } = await givenConversation();
    await saveNote(app, ann, bob, "Ask about the marathon");
    const annChat = await page(`/chats/${conversation}`, annCookie);
    expect(annChat.status).toBe(200);
    expect(annChat.html).toContain('data-testid="profile-note"');
    expect(annChat.html).toContain("Ask about the marathon");
    const bobChat = await page(`/chats/${conversation}`, bobCookie);
    expect(bobChat.html).not.toContain("Ask about the marathon");
  });

  it("hides notes and refuses saving while the domain has them off, and keeps them for when it is on again", async () => {
    const { ann, bob, conversation, annCookie } = await givenConversation();
    await saveNote(app, ann, bob, "Ask about the marathon");
    await switchNotes(false);
    for (const path of [`/members/${bob}`, `/chats/${conversation}`]) {
      const { status, html } = await page(path, annCookie);
      expect(status).toBe(200);
      expect(html).not.toContain('data-testid="profile-note"');
      expect(html).not.toContain("Ask about the marathon");
    }
    const refused = await postNote(bob, "Changed", annCookie);
    expect(refused.status).toBe(403);
    expect(refused.html).toContain(nlErrors.notesOff);
    expect(await outcome(saveNote(appContext({ visible_profile_notes: false }), ann, bob, ""))).toBe("notes_off");
    expect((await notesRows(ann))[0]?.text).toBe("Ask about the marathon");

    await switchNotes(true);
    expect((await page(`/members/${bob}`, annCookie)).html).toContain("Ask about the marathon");
  });

  it("puts the notes a member wrote in their data export, not the notes others keep about them", async () => {
    const ann = await givenAccount({ name: "Ann" });
    const bob = await givenAccount({ name: "Bob", gender: "male" });
    await saveNote(app, ann, bob, "Ann's words about Bob");
    await saveNote(app, bob, ann, "Bob's words about Ann");
    const zip = await memberDataExport({ db, env, now: () => NOW }, ann);
    const files = unzipSync(new Uint8Array(await new Response(zip).arrayBuffer()));
    const data = JSON.parse(strFromU8(files["data.json"]!)) as { profileNotes: unknown };
    expect(data.profileNotes).toEqual([{ member: bob, text: "Ann's words about Bob", updatedAt: NOW }]);
    expect(strFromU8(files["data.json"]!)).not.toContain("Bob's words about Ann");
  });

  it("erases the notes a member wrote and the notes about them with their account", async () => {
    const ann = await givenAccount();
    const bob = await givenAccount({ gender: "male" });
    const carol = await givenAccount();
    await saveNote(app, ann, bob, "about Bob");
    await saveNote(app, bob, ann, "about Ann");
    await saveNote(app, carol, ann, "Carol about Ann");
    await saveNote(app, carol, bob, "Carol about Bob");
    expect(await eraseMember({ db, env }, ann)).toMatchObject({ erased: true });
    expect(await db.select().from(users).where(eq(users.id, ann))).toEqual([]);
    const left = await db.select({ owner: profileNotes.ownerId, member: profileNotes.memberId }).from(profileNotes);
    expect(left.filter((n) => n.owner === ann || n.member === ann)).toEqual([]);
    // Notes between others stay.
    expect(
      await db
        .select()
        .from(profileNotes)
        .where(and(eq(profileNotes.ownerId, carol), eq(profileNotes.memberId, bob))),
    ).toHaveLength(1);
  });

  it("is explained in the operator console's domain editor", async () => {
    const admin = await givenOperator("admin");
    const { html } = await page("/admin/domains/localhost", admin.cookie);
    const help = /<ul[^>]*data-testid="settings-help"[\s\S]*?<\/ul>/.exec(html)?.[0] ?? "";
    expect(help).toContain("visible_profile_notes:");
  });
});
