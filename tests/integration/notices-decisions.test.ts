// The operators' side of notices: the queue, a moderator's decision (reject
// the photo, ban the member, no action) with the reporter mailed the outcome,
// notices about content already gone closed automatically, and who may see it.
import { SELF } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { decisions, notices, photos, users } from "#app/server/db/schema.ts";
import { db, givenMember, mailsTo, NOW, settleBackgroundWork } from "./fixtures.ts";
import { givenOperator } from "./operator-fixtures.ts";

const post = (url: string, cookie: string, fields: Record<string, string | number>) =>
  SELF.fetch(url, {
    method: "POST",
    headers: { Cookie: cookie, Origin: "http://localhost", "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(Object.entries(fields).map(([k, v]) => [k, String(v)])),
    redirect: "manual",
  });

/** Anna with one public photo, and an open notice about it from a visitor writing in English. */
async function noticeAboutAnnasPhoto(options: { email?: string } = {}) {
  const member = await givenMember({ name: "Anna", dateOfBirth: "1999-01-15", photos: [{}] });
  const [photo] = await db.select().from(photos).where(eq(photos.userId, member));
  const [notice] = await db
    .insert(notices)
    .values({
      domain: "localhost",
      locale: "en",
      category: "illegal_non_consensual_imagery",
      targetType: "photo",
      memberId: member,
      photoId: photo!.id,
      explanation: "This is a private photo of my sister, posted without her consent.",
      reporterName: "Eva Jansen",
      reporterEmail: options.email ?? "eva@example.com",
      goodFaith: true,
      createdAt: NOW,
    })
    .returning();
  return { member, photo: photo!.id, notice: notice! };
}

const reasons = { clause: "law_139h", facts: "The photo shows a person who did not consent to it being posted." };

describe("the notice queue", () => {
  it("shows a moderator the open notices with the photo, and refuses support and chat operators", async () => {
    const { notice, photo } = await noticeAboutAnnasPhoto();
    const moderator = await givenOperator("moderator");
    const page = await SELF.fetch("http://localhost/admin/notices", { headers: { Cookie: moderator.cookie } });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain(`notice-${notice.id}`);
    expect(html).toContain(`/admin/photos/${photo}/thumb`);
    expect(html).toContain("private photo of my sister");
    for (const role of ["support", "chat"] as const) {
      const other = await givenOperator(role);
      const refused = await SELF.fetch("http://localhost/admin/notices", { headers: { Cookie: other.cookie } });
      expect(refused.status, role).toBe(403);
      await refused.body?.cancel();
      const decided = await post("http://localhost/admin/notices", other.cookie, {
        notice: notice.id,
        decision: "no_action",
        ...reasons,
      });
      expect(decided.status, role).toBe(403);
      await decided.body?.cancel();
    }
    expect((await db.select().from(notices))[0]!.status).toBe("open");
  });

  it("rejects the photo from a notice: the photo goes, the notice is decided, the reporter is told by whom and how to appeal", async () => {
    const { notice, photo, member } = await noticeAboutAnnasPhoto();
    const moderator = await givenOperator("moderator");
    const answer = await post("http://localhost/admin/notices", moderator.cookie, {
      notice: notice.id,
      decision: "reject_photo",
      ...reasons,
    });
    expect(answer.status).toBe(200);
    await answer.body?.cancel();
    const [decision] = await db.select().from(decisions).where(eq(decisions.noticeId, notice.id));
    expect(decision).toMatchObject({ kind: "photo_rejected", ground: "law", clause: "Art. 139h Sr", automated: false });
    const [after] = await db.select().from(notices).where(eq(notices.id, notice.id));
    expect(after).toMatchObject({ status: "decided", decisionId: decision!.id });
    expect(after!.decidedAt).not.toBeNull();
    expect((await db.select().from(photos).where(eq(photos.id, photo)))[0]!.status).toBe("rejected");
    await settleBackgroundWork();
    const [toReporter] = await mailsTo("eva@example.com");
    expect(toReporter).toMatchObject({ template: "notice_decided", locale: "en" });
    expect(toReporter!.text).toContain("Art. 139h Sr");
    expect(toReporter!.text).toContain("not by an automated system");
    expect(toReporter!.text).toContain("/appeal?token=");
    const [owner] = await db.select().from(users).where(eq(users.id, member));
    expect((await mailsTo(owner!.email))[0]).toMatchObject({ template: "decision_statement" });
  });

  it("bans the member from a notice, and keeps the notice's decision", async () => {
    const { notice, member } = await noticeAboutAnnasPhoto();
    const moderator = await givenOperator("moderator");
    const answer = await post("http://localhost/admin/notices", moderator.cookie, {
      notice: notice.id,
      decision: "ban_member",
      ...reasons,
    });
    expect(answer.status).toBe(200);
    await answer.body?.cancel();
    expect((await db.select().from(users).where(eq(users.id, member)))[0]!.status).toBe("banned");
    const [after] = await db.select().from(notices).where(eq(notices.id, notice.id));
    const [decision] = await db.select().from(decisions).where(eq(decisions.id, after!.decisionId!));
    expect(decision).toMatchObject({ kind: "account_banned", noticeId: notice.id });
  });

  it("takes no action on a notice: the notice is rejected with its reasons and the reporter told so", async () => {
    const { notice, photo } = await noticeAboutAnnasPhoto();
    const moderator = await givenOperator("moderator");
    const answer = await post("http://localhost/admin/notices", moderator.cookie, {
      notice: notice.id,
      decision: "no_action",
      clause: "terms_8",
      facts: "The person in the photo is the member herself, who posted it.",
    });
    expect(answer.status).toBe(200);
    await answer.body?.cancel();
    const [after] = await db.select().from(notices).where(eq(notices.id, notice.id));
    const [decision] = await db.select().from(decisions).where(eq(decisions.id, after!.decisionId!));
    expect(decision).toMatchObject({ kind: "notice_rejected", ground: "terms", clause: "art. 8", memberId: null });
    expect((await db.select().from(photos).where(eq(photos.id, photo)))[0]!.status).toBe("active");
    await settleBackgroundWork();
    expect((await mailsTo("eva@example.com"))[0]).toMatchObject({ template: "decision_statement", locale: "en" });
    // Decided once: a second decision on it is refused and writes nothing.
    const again = await post("http://localhost/admin/notices", moderator.cookie, {
      notice: notice.id,
      decision: "no_action",
      ...reasons,
    });
    expect(again.status).toBe(400);
    await again.body?.cancel();
    expect(await db.select().from(decisions)).toHaveLength(1);
  });

  it("refuses a decision without its facts or clause with a 400 and changes nothing", async () => {
    const { notice } = await noticeAboutAnnasPhoto();
    const moderator = await givenOperator("moderator");
    const answer = await post("http://localhost/admin/notices", moderator.cookie, {
      notice: notice.id,
      decision: "reject_photo",
      clause: "made up",
      facts: "x",
    });
    expect(answer.status).toBe(400);
    await answer.body?.cancel();
    expect((await db.select().from(notices))[0]!.status).toBe("open");
    expect(await db.select().from(decisions)).toHaveLength(0);
  });

  it("closes with its decision a notice whose restriction went through but whose closing did not", async () => {
    const { notice, photo } = await noticeAboutAnnasPhoto();
    const moderator = await givenOperator("moderator");
    const { decidePhoto } = await import("#app/server/photos/moderation.ts");
    await decidePhoto(moderator.app, {
      photo,
      decision: "reject",
      reasons: { ground: "law", clause: "Art. 139h Sr", facts: "Posted without consent.", notice: notice.id },
    });
    const page = await SELF.fetch("http://localhost/admin/notices", { headers: { Cookie: moderator.cookie } });
    expect(page.status).toBe(200);
    await page.body?.cancel();
    const [decision] = await db.select().from(decisions).where(eq(decisions.noticeId, notice.id));
    const [after] = await db.select().from(notices).where(eq(notices.id, notice.id));
    expect(after).toMatchObject({ status: "decided", decisionId: decision!.id });
    await settleBackgroundWork();
    expect((await mailsTo("eva@example.com")).map((m) => m.template)).not.toContain("notice_content_gone");
  });

  it("closes, when the queue is read, a notice whose photo was removed meanwhile, and tells the reporter it was automatic", async () => {
    const { notice, photo } = await noticeAboutAnnasPhoto();
    await db.update(photos).set({ status: "rejected" }).where(eq(photos.id, photo));
    const moderator = await givenOperator("moderator");
    const page = await SELF.fetch("http://localhost/admin/notices", { headers: { Cookie: moderator.cookie } });
    expect(page.status).toBe(200);
    expect(await page.text()).not.toContain(`notice-${notice.id}`);
    const [after] = await db.select().from(notices).where(eq(notices.id, notice.id));
    expect(after).toMatchObject({ status: "decided", decisionId: null });
    await settleBackgroundWork();
    const [mail] = await mailsTo("eva@example.com");
    expect(mail).toMatchObject({ template: "notice_content_gone", locale: "en" });
    expect(mail!.text).toContain("Anna, 27");
    expect(mail!.text).toMatch(/automatically/);
  });
});
