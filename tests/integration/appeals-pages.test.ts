// The pages of statements and appeals through the Worker: "Messages from the
// team" for a member, the signed /appeal page for a reporter without an
// account, the console's queue; and the statements in the member's data export.
import { SELF } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { strFromU8, unzipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { appeals, decisions, notices, photos, users } from "#app/server/db/schema.ts";
import { appealLink } from "#app/server/decisions/appeal-link.ts";
import { noticeRejectedStatement } from "#app/server/decisions/statements.ts";
import { banMember } from "#app/server/operators/member-actions.ts";
import { decidePhoto } from "#app/server/photos/moderation.ts";
import { db, givenAccount, mailsTo, NOW, sessionCookieFor } from "./fixtures.ts";
import { givenOperator } from "./operator-fixtures.ts";

const reasons = { ground: "law" as const, clause: "Art. 139h Sr", facts: "A private picture of someone else." };
const form = (fields: Record<string, string | number>) =>
  new URLSearchParams(Object.entries(fields).map(([k, v]) => [k, String(v)]));
const post = (url: string, cookie: string, fields: Record<string, string | number>) =>
  SELF.fetch(url, {
    method: "POST",
    headers: { Cookie: cookie, Origin: "http://localhost", "Content-Type": "application/x-www-form-urlencoded" },
    body: form(fields),
    redirect: "manual",
  });

describe("Messages from the team", () => {
  it("shows the member their statement and takes their appeal once", async () => {
    const moderator = await givenOperator("moderator");
    const member = await givenAccount({ photos: [{ status: "active" }] });
    await db.update(users).set({ language: "en" }).where(eq(users.id, member));
    const [photo] = await db.select().from(photos).where(eq(photos.userId, member));
    await decidePhoto(moderator.app, { photo: photo!.id, decision: "reject", reasons });
    const [decision] = await db.select().from(decisions).where(eq(decisions.memberId, member));
    const cookie = await sessionCookieFor(member);

    const page = await SELF.fetch("http://localhost/account/messages", { headers: { Cookie: cookie } });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("Art. 139h Sr");
    expect(html).toContain(`appeal-${decision!.id}`);

    const short = await post("http://localhost/account/messages", cookie, { decision: decision!.id, text: "no" });
    expect(short.status).toBe(400);
    const text = "That is me in the picture, with my own consent.";
    expect((await post("http://localhost/account/messages", cookie, { decision: decision!.id, text })).status).toBe(
      200,
    );
    const again = await post("http://localhost/account/messages", cookie, { decision: decision!.id, text });
    expect(again.status).toBe(409);
    expect(await db.select().from(appeals).where(eq(appeals.decisionId, decision!.id))).toHaveLength(1);

    // The statement and the appeal are in the member's data export.
    const exported = await SELF.fetch("http://localhost/account/export", { headers: { Cookie: cookie } });
    const data = JSON.parse(strFromU8(unzipSync(new Uint8Array(await exported.arrayBuffer()))["data.json"]!));
    expect(data.statementsOfReasons).toMatchObject([{ id: decision!.id, kind: "photo_rejected" }]);
    expect(data.appeals).toMatchObject([{ decisionId: decision!.id, text }]);
    expect(data.statementsOfReasons[0]).not.toHaveProperty("operatorId");
  });

  it("lets a reporter without an account appeal a rejected notice through the link in the mail", async () => {
    const moderator = await givenOperator("moderator");
    const reported = await givenAccount();
    const [notice] = await db
      .insert(notices)
      .values({
        domain: "localhost",
        locale: "fr",
        category: "terms_fake_profile",
        targetType: "profile",
        memberId: reported,
        explanation: "Ce profil utilise les photos d'une actrice.",
        reporterName: "Claire",
        reporterEmail: "claire@reporter.example",
        goodFaith: true,
        createdAt: NOW,
      })
      .returning();
    const statement = await noticeRejectedStatement(moderator.app, notice!, {
      ground: "terms",
      clause: "Conditions 4.1",
      facts: "Les photos sont bien celles du membre.",
    });
    await db.batch(statement as never);
    const [mail] = await mailsTo("claire@reporter.example");
    expect(mail).toMatchObject({ template: "decision_statement", locale: "fr" });
    const link = /https?:\/\/\S+\/appeal\?token=[A-Za-z0-9_.-]+/.exec(mail!.text)?.[0];
    expect(link).toBeDefined();
    const path = new URL(link!).pathname + new URL(link!).search;

    const page = await SELF.fetch(`http://localhost${path}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Conditions 4.1");
    expect((await SELF.fetch("http://localhost/appeal?token=forged.AAAAAAAAAAAAAAAAAAAAAAAA")).status).toBe(400);

    const [decision] = await db.select().from(decisions).where(eq(decisions.noticeId, notice!.id));
    const text = "Je connais cette actrice, ce ne sont pas ses photos à elle.";
    expect((await post(`http://localhost${path}`, "", { decision: decision!.id, text })).status).toBe(200);
    const [appeal] = await db.select().from(appeals).where(eq(appeals.decisionId, decision!.id));
    expect(appeal).toMatchObject({ email: "claire@reporter.example", status: "open" });

    // Another reporter's link does not reach this decision.
    const other = await appealLink(moderator.app, {
      origin: "http://localhost",
      domain: "localhost",
      email: "someone@else.example",
    });
    const otherPath = new URL(other).pathname + new URL(other).search;
    expect((await post(`http://localhost${otherPath}`, "", { decision: decision!.id, text })).status).toBe(404);
  });
});

describe("the appeal queue", () => {
  it("refuses the decision's author and lets another operator reverse a ban", async () => {
    const moderator = await givenOperator("moderator");
    const member = await givenAccount();
    await banMember(moderator.app, member, { reason: "scam", reasons });
    const [decision] = await db.select().from(decisions).where(eq(decisions.memberId, member));
    const [appeal] = await db
      .insert(appeals)
      .values({
        decisionId: decision!.id,
        memberId: member,
        email: `member${member}@test.example`,
        text: "Not me at all.",
        createdAt: NOW,
      })
      .returning();
    const queue = await SELF.fetch("http://localhost/admin/appeals", { headers: { Cookie: moderator.cookie } });
    expect(queue.status).toBe(200);
    expect(await queue.text()).toContain(`appeal-${appeal!.id}`);
    const decide = { appeal: appeal!.id, outcome: "reverse", text: "We checked again: it was not you." };
    expect((await post("http://localhost/admin/appeals", moderator.cookie, decide)).status).toBe(403);
    const admin = await givenOperator("admin");
    expect((await post("http://localhost/admin/appeals", admin.cookie, decide)).status).toBe(200);
    const [after] = await db.select().from(users).where(eq(users.id, member));
    expect(after!.status).toBe("active");
    const support = await givenOperator("support");
    expect((await SELF.fetch("http://localhost/admin/appeals", { headers: { Cookie: support.cookie } })).status).toBe(
      403,
    );
  });
});
