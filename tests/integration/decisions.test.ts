// Statements of reasons and appeals: every restriction writes a decision with
// its reasons and mails it to the member in their language; one free appeal
// per decision within six months, decided by someone other than the
// decision's author; reversing undoes the restriction and mails the outcome.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { appeals, decisions, payments, photos, profiles, users } from "#app/server/db/schema.ts";
import { decideAppeal, openAppeals } from "#app/server/decisions/appeal-queue.ts";
import { appellantOfToken, fileAppeal, statementsFor } from "#app/server/decisions/appeals.ts";
import { rejectProfileText } from "#app/server/decisions/profile-text.ts";
import { APPEAL_WINDOW } from "#app/server/decisions/statements.ts";
import { banMember } from "#app/server/operators/member-actions.ts";
import { applyChargeback } from "#app/server/payments/chargeback.ts";
import { decidePhoto } from "#app/server/photos/moderation.ts";
import { db, givenAccount, mailsTo, NOW, outcome } from "./fixtures.ts";
import { givenOperator } from "./operator-fixtures.ts";

const reasons = { ground: "terms" as const, clause: "Terms 4.2", facts: "The photo shows someone else's face." };
const decisionsOf = (member: number) => db.select().from(decisions).where(eq(decisions.memberId, member));
const appealTokenIn = (text: string) => /[?&]token=([A-Za-z0-9_.-]+)/.exec(text)?.[1] ?? "";

describe("statements of reasons", () => {
  it("writes a decision when a photo is rejected and mails it in the member's language", async () => {
    const moderator = await givenOperator("moderator");
    const member = await givenAccount({ photos: [{ status: "active" }] });
    await db.update(users).set({ language: "de" }).where(eq(users.id, member));
    const [photo] = await db.select().from(photos).where(eq(photos.userId, member));
    expect(await outcome(decidePhoto(moderator.app, { photo: photo!.id, decision: "reject" }))).toBe(
      "reasons_required",
    );
    await decidePhoto(moderator.app, { photo: photo!.id, decision: "reject", reasons });
    const [decision] = await decisionsOf(member);
    expect(decision).toMatchObject({
      kind: "photo_rejected",
      targetType: "photo",
      targetId: String(photo!.id),
      ground: "terms",
      clause: "Terms 4.2",
      automated: false,
      operatorId: moderator.id,
    });
    expect(decision!.appealUntil - decision!.createdAt).toBe(APPEAL_WINDOW);
    const [mail] = await mailsTo(`member${member}@test.example`);
    expect(mail).toMatchObject({ template: "decision_statement", locale: "de" });
    expect(mail!.text).toContain("Eines deiner Fotos wurde abgelehnt");
    expect(mail!.text).toContain("Terms 4.2");
    expect(mail!.text).toContain("/account/messages");
  });

  it("mails a banned member the statement with a signed link to appeal, since they cannot log in", async () => {
    const moderator = await givenOperator("moderator");
    const member = await givenAccount();
    await banMember(moderator.app, member, { reason: "scam", reasons });
    const [decision] = await decisionsOf(member);
    expect(decision).toMatchObject({ kind: "account_banned", targetType: "member" });
    const [mail] = await mailsTo(`member${member}@test.example`);
    expect(mail!.template).toBe("decision_statement");
    const token = appealTokenIn(mail!.text);
    const who = await appellantOfToken(moderator.app, token);
    expect(await statementsFor(moderator.app, who)).toMatchObject([{ id: decision!.id, canAppeal: true }]);
    expect(await outcome(appellantOfToken(moderator.app, `${token.slice(0, -2)}xx`))).toBe("link_invalid");

    // Through the link the banned member appeals; another operator reverses: the account is active again.
    await fileAppeal(moderator.app, who, { decision: decision!.id, text: "It was not me, my sister used my phone." });
    const [appeal] = await db.select().from(appeals).where(eq(appeals.decisionId, decision!.id));
    expect(appeal!.email).toBe(`member${member}@test.example`);
    expect(
      await outcome(decideAppeal(moderator.app, { appeal: appeal!.id, outcome: "reverse", text: "Fine by me." })),
    ).toBe("appeal_same_operator");
    const admin = await givenOperator("admin");
    expect((await openAppeals(admin.app)).map((row) => row.id)).toContain(appeal!.id);
    await decideAppeal(admin.app, { appeal: appeal!.id, outcome: "reverse", text: "We believe you; welcome back." });
    const [after] = await db.select().from(users).where(eq(users.id, member));
    expect(after!.status).toBe("active");
    expect((await decisionsOf(member))[0]!.reversedAt).not.toBeNull();
    const [outcomeMail] = await mailsTo(`member${member}@test.example`);
    expect(outcomeMail!.template).toBe("appeal_outcome");
    expect(outcomeMail!.text).toContain("welcome back");
  });

  it("gives a blocked payment method an automated statement once, when a charge-back sets the block", async () => {
    const member = await givenAccount();
    const moderator = await givenOperator("moderator");
    const [payment] = await db
      .insert(payments)
      .values({
        userId: member,
        domain: "localhost",
        country: "NL",
        currency: "EUR",
        amountCents: 1000,
        credits: 100,
        method: "directdebit",
        provider: "sandbox",
        status: "paid",
        createdAt: NOW,
        updatedAt: NOW,
      })
      .returning();
    await applyChargeback(moderator.app, payment!, 1000);
    // The bank takes back more of it later: the block stands already, so no second statement.
    const [later] = await db.select().from(payments).where(eq(payments.id, payment!.id));
    await applyChargeback(moderator.app, { ...later!, status: "charged_back" }, 1000);
    const rows = await decisionsOf(member);
    expect(rows).toMatchObject([{ kind: "payment_method_blocked", automated: true, operatorId: null }]);
  });
});

describe("appeals", () => {
  it("takes one appeal per decision, within six months; the member sees its state", async () => {
    const moderator = await givenOperator("moderator");
    const member = await givenAccount({ photos: [{ status: "active" }, { status: "active" }] });
    const rows = await db.select().from(photos).where(eq(photos.userId, member));
    for (const photo of rows) await decidePhoto(moderator.app, { photo: photo.id, decision: "reject", reasons });
    const [first, second] = await decisionsOf(member);
    const who = { member };
    const text = "This is my own face, look at my other photos.";
    expect(await outcome(fileAppeal(moderator.app, who, { decision: first!.id, text }))).toBe("ok");
    expect(await outcome(fileAppeal(moderator.app, who, { decision: first!.id, text }))).toBe("appeal_exists");
    const late = { ...moderator.app, now: () => second!.appealUntil + 1 };
    expect(await outcome(fileAppeal(late, who, { decision: second!.id, text }))).toBe("appeal_closed");
    const stranger = await givenAccount();
    expect(await outcome(fileAppeal(moderator.app, { member: stranger }, { decision: second!.id, text }))).toBe(
      "decision_not_found",
    );
    const listed = await statementsFor(moderator.app, who);
    expect(listed.find((row) => row.id === first!.id)).toMatchObject({ canAppeal: false, appeal: { status: "open" } });

    // Another operator reverses: the photo is shown again, and is the main photo once more when none is.
    const admin = await givenOperator("admin");
    const [appeal] = await db.select().from(appeals).where(eq(appeals.decisionId, first!.id));
    await decideAppeal(admin.app, { appeal: appeal!.id, outcome: "reverse", text: "You are right, sorry." });
    const [photo] = await db
      .select()
      .from(photos)
      .where(eq(photos.id, Number(first!.targetId)));
    expect(photo!.status).toBe("active");
    expect(await outcome(decideAppeal(admin.app, { appeal: appeal!.id, outcome: "uphold", text: "Again." }))).toBe(
      "appeal_not_found",
    );
  });

  it("puts a removed 'about' text back when its removal is reversed", async () => {
    const moderator = await givenOperator("moderator");
    const member = await givenAccount();
    const about = "Send me money and I will visit you.";
    await db.update(profiles).set({ about }).where(eq(profiles.userId, member));
    await rejectProfileText(moderator.app, member, { reasons });
    const aboutOf = async () =>
      (await db.select({ about: profiles.about }).from(profiles).where(eq(profiles.userId, member)))[0]!.about;
    expect(await aboutOf()).toBe("");
    const [decision] = await decisionsOf(member);
    expect(decision!.kind).toBe("text_rejected");
    expect(await outcome(rejectProfileText(moderator.app, member, { reasons }))).toBe("invalid_input");
    await fileAppeal(moderator.app, { member }, { decision: decision!.id, text: "It was a joke between friends." });
    const [appeal] = await db.select().from(appeals).where(eq(appeals.decisionId, decision!.id));
    const admin = await givenOperator("admin");
    await decideAppeal(admin.app, { appeal: appeal!.id, outcome: "reverse", text: "Fine, it is back." });
    expect(await aboutOf()).toBe(about);
  });
});
