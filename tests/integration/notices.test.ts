// Notices (/notice): anyone reports a profile, a photo or a message; what is
// stored, who is mailed what in which language, what is refused and how.
import { SELF } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { notices, photos, users } from "#app/server/db/schema.ts";
import enNotices from "../../locales/en/notices.json";
import nlNotices from "../../locales/nl/notices.json";
import {
  apiHeaders,
  db,
  givenAccount,
  givenConversation,
  givenCredits,
  givenMember,
  mailsTo,
  sessionCookieFor,
  settleBackgroundWork,
} from "./fixtures.ts";

const valid = {
  category: "illegal_fraud_or_scam",
  explanation: "This photo is used to lure people into paying for a fake investment.",
  name: "Eva Jansen",
  email: "eva@example.com",
  goodFaith: "on",
};

function post(query: string, fields: Record<string, string>, headers: Record<string, string> = {}) {
  const target = Object.fromEntries(new URLSearchParams(query));
  return SELF.fetch(`http://localhost/notice?${query}`, {
    method: "POST",
    headers: {
      Origin: "http://localhost",
      "CF-Connecting-IP": "203.0.113.40",
      "Content-Type": "application/x-www-form-urlencoded",
      ...headers,
    },
    body: new URLSearchParams({ ...target, ...fields }),
  });
}

/** A message the member sends (with credits to pay for it); its seq. */
async function messageFrom(member: number, conversation: number, text: string) {
  await db.update(users).set({ paidUser: true }).where(eq(users.id, member));
  await givenCredits(member, 50);
  const sent = await SELF.fetch("http://localhost/api/chat/messages", {
    method: "POST",
    headers: apiHeaders(await sessionCookieFor(member)),
    body: JSON.stringify({ conversation, message: { kind: "text", clientId: `notice-${text.length}`, text } }),
  });
  expect(sent.status).toBe(201);
  return ((await sent.json()) as { message: { seq: number } }).message.seq;
}

async function anna() {
  const member = await givenMember({ name: "Anna", dateOfBirth: "1999-01-15", photos: [{}, { isPrivate: true }] });
  const [publicPhoto, privatePhoto] = await db
    .select()
    .from(photos)
    .where(eq(photos.userId, member))
    .orderBy(photos.position);
  return { member, photo: publicPhoto!.id, privatePhoto: privatePhoto!.id };
}

describe("the notice form", () => {
  it("is linked from a profile for visitors, and from each photo shown", async () => {
    const { member, photo } = await anna();
    await givenMember({ name: "Extra" });
    const page = await SELF.fetch(`http://localhost/members/${member}`);
    const html = await page.text();
    expect(html).toContain(`/notice?member=${member}`);
    const cookie = await sessionCookieFor(await givenAccount());
    const seen = await (await SELF.fetch(`http://localhost/members/${member}`, { headers: { Cookie: cookie } })).text();
    expect(seen).toContain(`/notice?photo=${photo}`);
  });

  it("shows a visitor what they report: the photo of Anna, 27", async () => {
    const { photo } = await anna();
    const page = await SELF.fetch(`http://localhost/notice?photo=${photo}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Anna, 27");
  });

  it("takes a visitor's notice about a photo and mails a receipt in their language", async () => {
    const { member, photo } = await anna();
    const answer = await post(`photo=${photo}`, valid, { "Accept-Language": "en-GB,en", "CF-IPCountry": "GB" });
    expect(answer.status).toBe(200);
    await answer.body?.cancel();
    const [stored] = await db.select().from(notices);
    expect(stored).toMatchObject({
      category: "illegal_fraud_or_scam",
      targetType: "photo",
      photoId: photo,
      memberId: member,
      reporterId: null,
      reporterEmail: "eva@example.com",
      locale: "en",
      status: "open",
      goodFaith: true,
    });
    await settleBackgroundWork();
    const [mail] = await mailsTo("eva@example.com");
    expect(mail).toMatchObject({ template: "notice_received", locale: "en" });
    expect(mail!.text).toContain(`N-${String(stored!.id).padStart(6, "0")}`);
    expect(mail!.text).toContain("Anna, 27");
    expect(mail!.text).toContain(enNotices.categories.illegal.fraud_or_scam);
  });

  it("lets child sexual abuse material be reported without a name or an e-mail address", async () => {
    const { photo } = await anna();
    const answer = await post(`photo=${photo}`, { ...valid, category: "illegal_child_abuse", name: "", email: "" });
    expect(answer.status).toBe(200);
    await answer.body?.cancel();
    expect(await db.select().from(notices)).toHaveLength(1);
  });

  it("refuses a notice without the good-faith statement, with a localised 400, and stores nothing", async () => {
    const { photo } = await anna();
    const { goodFaith: _, ...without } = valid;
    const answer = await post(`photo=${photo}`, without);
    expect(answer.status).toBe(400);
    expect(await answer.text()).toContain(nlNotices.errors.goodFaithRequired);
    expect(await db.select().from(notices)).toHaveLength(0);
  });

  it("asks a name and an e-mail address for illegal content, not for a breach of the terms", async () => {
    const { member } = await anna();
    const missing = await post(`member=${member}`, { ...valid, email: "" });
    expect(missing.status).toBe(400);
    expect(await missing.text()).toContain(nlNotices.errors.emailRequired);
    expect(await db.select().from(notices)).toHaveLength(0);
    const terms = await post(`member=${member}`, { ...valid, category: "terms_fake_profile", name: "", email: "" });
    expect(terms.status).toBe(200);
    await terms.body?.cancel();
    expect(await db.select().from(notices)).toHaveLength(1);
  });

  it("refuses an unknown or private target with a 404 and stores nothing", async () => {
    const { privatePhoto } = await anna();
    for (const query of ["photo=999999", `photo=${privatePhoto}`, "member=999999"]) {
      const answer = await post(query, valid);
      expect(answer.status, query).toBe(404);
      await answer.body?.cancel();
    }
    expect(await db.select().from(notices)).toHaveLength(0);
  });

  it("lets only a participant report a message, and never a visitor", async () => {
    const { ann, bob, conversation, annCookie } = await givenConversation();
    const seq = await messageFrom(bob, conversation, "Send me money through this link");
    const visitor = await post(`conversation=${conversation}&seq=${seq}`, valid);
    expect(visitor.status).toBe(404);
    await visitor.body?.cancel();
    const stranger = await givenAccount();
    const outsider = await post(`conversation=${conversation}&seq=${seq}`, valid, {
      Cookie: await sessionCookieFor(stranger),
    });
    expect(outsider.status).toBe(404);
    await outsider.body?.cancel();
    const participant = await post(`conversation=${conversation}&seq=${seq}`, valid, { Cookie: annCookie });
    expect(participant.status).toBe(200);
    await participant.body?.cancel();
    const [stored] = await db.select().from(notices);
    expect(stored).toMatchObject({ targetType: "message", memberId: bob, reporterId: ann, messageSeq: seq });
  });

  it("names a reported message's sender from its conversation's room, which alone keeps its messages", async () => {
    const { ann, bob, conversation, annCookie } = await givenConversation();
    const seq = await messageFrom(bob, conversation, "Send me money through this link");
    const participant = await post(`conversation=${conversation}&seq=${seq}`, valid, { Cookie: annCookie });
    expect(participant.status).toBe(200);
    await participant.body?.cancel();
    const [stored] = await db.select().from(notices);
    expect(stored).toMatchObject({ targetType: "message", memberId: bob, reporterId: ann, messageSeq: seq });
  });

  it("closes a notice about content already removed at once, automatically, and tells the reporter", async () => {
    const { member } = await anna();
    await db.update(users).set({ status: "banned", bannedAt: Date.now() }).where(eq(users.id, member));
    const answer = await post(`member=${member}`, valid, { "Accept-Language": "en-GB,en", "CF-IPCountry": "GB" });
    expect(answer.status).toBe(200);
    await answer.body?.cancel();
    const [stored] = await db.select().from(notices);
    expect(stored).toMatchObject({ status: "decided", decisionId: null });
    expect(stored!.decidedAt).not.toBeNull();
    await settleBackgroundWork();
    const [mail] = await mailsTo("eva@example.com");
    expect(mail).toMatchObject({ template: "notice_content_gone", locale: "en" });
  });
});
