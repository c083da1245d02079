// The console's broadcasts: an admin writes a promotion or news mail, counts
// its audience, previews it, mails themself a test and sends it to the members
// who want that kind of mail — once, however often the form is submitted —
// with one audit row saying who sent what to whom.
import { SELF } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { audienceSize, broadcastOf, sendBroadcast, sendTestBroadcast } from "#app/server/broadcasts/broadcasts.ts";
import { type BroadcastForm, broadcastSchema } from "#app/server/broadcasts/schema.ts";
import { mailOutbox, users } from "#app/server/db/schema.ts";
import { unsubscribe, unsubscribeLinks } from "#app/server/notifications/unsubscribe.ts";
import { db, givenMember, givenOffersChoice, mailsTo, outcome } from "./fixtures.ts";
import { auditRowsFor, givenOperator } from "./operator-fixtures.ts";

const KEY = "spring-sale-2026";

function form(fields: Record<string, string> = {}) {
  return new URLSearchParams({
    intent: "send",
    kind: "promotions",
    domain: "localhost",
    key: KEY,
    subject_nl: "Voorjaarsactie",
    body_nl: "Deze week 20% extra credits.",
    ...fields,
  });
}

const broadcast = (fields: Record<string, string> = {}) =>
  broadcastOf(broadcastSchema.parse(Object.fromEntries(form(fields))) as BroadcastForm);

async function member(options: { language?: string; premium?: boolean; country?: string; domain?: string } = {}) {
  const id = await givenMember({ country: options.country });
  await givenOffersChoice(id);
  await db
    .update(users)
    .set({
      language: options.language ?? "nl",
      paidUser: options.premium ?? false,
      domain: options.domain ?? "localhost",
    })
    .where(eq(users.id, id));
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row!;
}

const post = (cookie: string, body: URLSearchParams) =>
  SELF.fetch("http://localhost/admin/broadcasts", {
    method: "POST",
    headers: { Cookie: cookie, Origin: "http://localhost" },
    body,
  });

describe("who may send broadcasts", () => {
  it("lets an admin open the page, and refuses moderators and support", async () => {
    const admin = await givenOperator("admin");
    const page = await SELF.fetch("http://localhost/admin/broadcasts", { headers: { Cookie: admin.cookie } });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Mailings");
    for (const role of ["moderator", "support"] as const) {
      const operator = await givenOperator(role);
      const refused = await SELF.fetch("http://localhost/admin/broadcasts", { headers: { Cookie: operator.cookie } });
      expect(refused.status).toBe(403);
      expect((await post(operator.cookie, form())).status).toBe(403);
      expect(await outcome(sendBroadcast(operator.app, broadcast()))).toBe("operator_forbidden");
    }
  });
});

describe("what the form refuses", () => {
  it("asks for the subject and text in the audience's language, in the console's language", async () => {
    const admin = await givenOperator("admin");
    await member();
    const response = await post(admin.cookie, form({ language: "de", subject_nl: "", body_nl: "" }));
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("Vul dit in.");
    expect(await db.select().from(mailOutbox)).toEqual([]);
  });

  it("refuses an unknown kind and a country that is not two letters", async () => {
    const admin = await givenOperator("admin");
    expect((await post(admin.cookie, form({ kind: "reminders" }))).status).toBe(400);
    const country = await post(admin.cookie, form({ country: "Nederland" }));
    expect(country.status).toBe(400);
    expect(await country.text()).toContain("Twee letters, bijv. NL.");
  });

  it("sends nothing to an audience nobody is in, and says so", async () => {
    const admin = await givenOperator("admin");
    await member({ language: "nl" });
    const response = await post(
      admin.cookie,
      form({ language: "fi", subject_fi: "Kevätale", body_fi: "Lisää krediittejä." }),
    );
    expect(response.status).toBe(422);
    expect(await response.text()).toContain("Niemand in deze selectie wil deze mail ontvangen");
    expect(await db.select().from(mailOutbox)).toEqual([]);
    expect(await auditRowsFor("broadcast", KEY)).toEqual([]);
  });
});

describe("the audience", () => {
  it("counts the members of the domain, country, language and plan who want this kind of mail", async () => {
    const admin = await givenOperator("admin");
    await member({ premium: true });
    await member({ premium: false });
    await member({ premium: true, language: "de" });
    await member({ premium: true, country: "BE" });
    await member({ premium: true, domain: "other.example" });
    const optedOut = await member({ premium: true });
    await givenOffersChoice(optedOut.id, { email: false, push: true }, ["promotions"]);

    expect(await audienceSize(admin.app, broadcast())).toBe(4);
    expect(await audienceSize(admin.app, broadcast({ premium: "premium", language: "nl", country: "NL" }))).toBe(1);
    expect(await audienceSize(admin.app, broadcast({ premium: "free" }))).toBe(1);
    // The member who only switched promotions off still gets news.
    expect(await audienceSize(admin.app, broadcast({ kind: "news", premium: "premium" }))).toBe(4);
  });
});

describe("the page's count, preview and test buttons", () => {
  it("shows the count and the mail in the chosen language, and mails a test only to the operator", async () => {
    const admin = await givenOperator("admin");
    const someone = await member();
    await member();
    const words = { subject_fr: "Offre de printemps", body_fr: "20 % de crédits en plus." };

    const counted = await post(admin.cookie, form({ intent: "count", ...words }));
    expect(counted.status).toBe(200);
    expect(await counted.text()).toMatch(/Leden die deze mail krijgen: 2/);

    const previewed = await post(admin.cookie, form({ intent: "preview", testLocale: "fr", ...words }));
    expect(previewed.status).toBe(200);
    expect(await previewed.text()).toContain("20 % de crédits en plus.");

    const tested = await post(admin.cookie, form({ intent: "test", testLocale: "fr", ...words }));
    expect(tested.status).toBe(200);
    expect(await mailsTo(admin.email)).toHaveLength(1);
    expect(await mailsTo(someone.email)).toEqual([]);
    expect(await auditRowsFor("broadcast", KEY)).toEqual([]);
  });
});

describe("a test to the operator", () => {
  it("mails the operator the broadcast in the chosen language and nobody else", async () => {
    const admin = await givenOperator("admin");
    const someone = await member();
    const sent = await sendTestBroadcast(
      admin.app,
      broadcast({ subject_de: "Frühlingsaktion", body_de: "Diese Woche 20 % mehr Credits." }),
      "de",
    );
    expect(sent.to).toBe(admin.email);
    const [mail] = await mailsTo(admin.email);
    expect(mail!.locale).toBe("de");
    expect(mail!.text).toContain("Diese Woche 20 % mehr Credits.");
    expect(await mailsTo(someone.email)).toEqual([]);
  });
});

describe("sending", () => {
  it("reaches only the opted-in members of the audience, once, however often the form is sent", async () => {
    const admin = await givenOperator("admin");
    const dutch = await member();
    const german = await member({ language: "de" });
    const optedOut = await member();
    await givenOffersChoice(optedOut.id, { email: false, push: false }, ["promotions"]);
    const unsubscribed = await member();
    const { link } = await unsubscribeLinks(admin.app, "http://localhost", unsubscribed.id);
    await unsubscribe(admin.app, new URL(link).searchParams.get("token")!);
    const elsewhere = await member({ domain: "other.example" });

    const body = form({ subject_de: "Frühlingsaktion", body_de: "Diese Woche 20 % mehr Credits." });
    const [first, second] = await Promise.all([post(admin.cookie, body), post(admin.cookie, body)]);
    expect([first.status, second.status]).toEqual([200, 200]);
    expect((await post(admin.cookie, body)).status).toBe(200);

    expect(await mailsTo(dutch.email)).toHaveLength(1);
    const [germanMail] = await mailsTo(german.email);
    expect(germanMail!.text).toContain("Diese Woche 20 % mehr Credits.");
    expect(germanMail!.text).toContain("/unsubscribe?token=");
    expect(await mailsTo(german.email)).toHaveLength(1);
    for (const left of [optedOut, unsubscribed, elsewhere]) expect(await mailsTo(left.email)).toEqual([]);
  });

  it("records who sent what to which audience and how many members it reached, once", async () => {
    const admin = await givenOperator("admin");
    await member({ premium: true });
    await member({ premium: true });
    await member({ premium: false });
    const sent = await sendBroadcast(admin.app, broadcast({ premium: "premium" }));
    expect(sent).toEqual({ sent: 2, audience: 2 });
    expect(await sendBroadcast(admin.app, broadcast({ premium: "premium" }))).toEqual({ sent: 0, audience: 2 });
    const rows = await auditRowsFor("broadcast", KEY);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      operatorId: admin.id,
      action: "broadcast.send",
      after: {
        kind: "promotions",
        domain: "localhost",
        audience: { premium: true },
        members: 2,
        subject: { nl: "Voorjaarsactie" },
      },
    });
  });
});
