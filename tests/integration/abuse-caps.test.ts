// Actions that cost something each time they are done, each capped in the
// statement that counts it: signups (an activation mail to a typed address)
// per client address a UTC day, chat photos put in R2 per member a UTC day,
// the provider lookups a payment's webhook makes a UTC day, and one open
// report per reporter and thing reported, however many are sent at once.
import { env, SELF } from "cloudflare:test";
import { PhotonImage } from "@cf-wasm/photon/workerd";
import { and, count, eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { signupSchema } from "#app/schemas/account.ts";
import { reportSchema } from "#app/schemas/report.ts";
import { signUp } from "#app/server/accounts/signup.ts";
import { signupCountKey } from "#app/server/accounts/signup-cap.ts";
import { storeChatPhoto } from "#app/server/chat/photos.ts";
import { dailyCounts, reports, users } from "#app/server/db/schema.ts";
import { handleWebhook, startCheckout } from "#app/server/payments/checkout.ts";
import { settleOpenPayments } from "#app/server/payments/settle.ts";
import { reportMember } from "#app/server/reports/reports.ts";
import nlErrors from "../../locales/nl/errors.json";
import {
  accountsApp,
  apiHeaders,
  appContext,
  db,
  givenAccount,
  givenConversation,
  givenCredits,
  mailsTo,
  NOW,
  outcome,
  SITE,
} from "./fixtures.ts";
import { givenMollie, givenPackage, ledgerOf, mollieApp, oldMember, paymentRow } from "./payment-fixtures.ts";

afterEach(() => vi.restoreAllMocks());

const DAY = 86_400_000;
const MINUTE = 60_000;

describe("signups from one client address", () => {
  const form = (email: string, now = NOW) =>
    signupSchema({ minimumAge: 18, now }).parse({
      gender: "female",
      seeking: "male",
      email,
      name: "Eva",
      date_of_birth: "1995-03-14",
      password: "secret-password",
    });
  const fromClient = (clientIp: string, now = () => NOW) => ({ ...accountsApp({ now }), clientIp });
  /** Signups already counted today for an address: each real one costs a password hash. */
  const givenSignupsToday = (clientIp: string, signups: number, now = NOW) =>
    db
      .insert(dailyCounts)
      .values({ scope: "signup_client", key: clientIp, day: Math.floor(now / DAY), count: signups });

  it("takes at most 20 a UTC day, sent at once too; a refused one makes no account and mails nothing", async () => {
    await givenSignupsToday("203.0.113.7", 17);
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        outcome(signUp(fromClient("203.0.113.7"), { form: form(`eva${i}@example.com`), tracking: {} })),
      ),
    );
    expect(answers.filter((a) => a === "ok")).toHaveLength(3);
    expect(answers.filter((a) => a === "signup_limit")).toHaveLength(5);
    expect(await db.select({ n: count() }).from(users)).toEqual([{ n: 3 }]);
    const refused = answers.flatMap((a, i) => (a === "signup_limit" ? [`eva${i}@example.com`] : []));
    for (const address of refused) expect(await mailsTo(address)).toEqual([]);

    // Another address is not held up by it; the next UTC day this one may sign up again.
    expect(await outcome(signUp(fromClient("192.0.2.1"), { form: form("other@example.com"), tracking: {} }))).toBe(
      "ok",
    );
    const tomorrow = () => NOW + DAY;
    expect(
      await outcome(
        signUp(fromClient("203.0.113.7", tomorrow), { form: form("next@example.com", NOW + DAY), tracking: {} }),
      ),
    ).toBe("ok");
  });

  it("does not count a refused signup: an address already taken", async () => {
    await givenAccount({ email: "taken@example.com" });
    for (let i = 0; i < 21; i++) {
      expect(await outcome(signUp(fromClient("203.0.113.8"), { form: form("taken@example.com"), tracking: {} }))).toBe(
        "email_taken",
      );
    }
    expect(await outcome(signUp(fromClient("203.0.113.8"), { form: form("new@example.com"), tracking: {} }))).toBe(
      "ok",
    );
  });

  it("answers the form's 21st signup of the day from one client address with a localised 429, writing nothing", async () => {
    await givenSignupsToday("203.0.113.9", 20, Date.now());
    const response = await SELF.fetch(`${SITE}/signup`, {
      method: "POST",
      headers: {
        Origin: SITE,
        "CF-Connecting-IP": "203.0.113.9",
        "Content-Type": "application/x-www-form-urlencoded",
      },
      body: new URLSearchParams({
        gender: "male",
        seeking: "female",
        name: "Bram",
        email: "late@example.com",
        date_of_birth: "1990-05-01",
        password: "correct horse battery",
      }),
      redirect: "manual",
    });
    expect(response.status).toBe(429);
    expect(await response.text()).toContain(nlErrors.signupLimit);
    expect(await db.select().from(users).where(eq(users.email, "late@example.com"))).toEqual([]);
    expect(await mailsTo("late@example.com")).toEqual([]);
  });

  it("counts no signup from the machine the Worker runs on, and one without an address only in production", async () => {
    for (const [i, clientIp] of ["127.0.0.1", "::1", "local"].entries()) {
      expect(await outcome(signUp(fromClient(clientIp), { form: form(`dev${i}@example.com`), tracking: {} }))).toBe(
        "ok",
      );
    }
    expect(await db.select().from(dailyCounts)).toEqual([]);

    expect(signupCountKey("203.0.113.7", { production: true })).toBe("203.0.113.7");
    expect(signupCountKey("203.0.113.7", { production: false })).toBe("203.0.113.7");
    expect(signupCountKey("local", { production: true })).toBe("local");
    expect(signupCountKey("local", { production: false })).toBeNull();
    for (const loopback of ["127.0.0.1", "127.1.2.3", "::1", "::ffff:127.0.0.1"]) {
      expect(signupCountKey(loopback, { production: true }), loopback).toBeNull();
    }
  });
});

describe("chat photos a member puts in R2", () => {
  function jpeg(width = 240, height = 240): Uint8Array {
    const image = new PhotonImage(new Uint8Array(width * height * 4).fill(120), width, height);
    try {
      return image.get_bytes_jpeg(80);
    } finally {
      image.free();
    }
  }
  const stored = async (conversation: number) =>
    (await env.PHOTOS.list({ prefix: `c/${conversation}/`, limit: 1000 })).objects.length;

  it("stores at most 50 a UTC day, sent at once too; a refused one stores nothing", async () => {
    const { ann, bob, conversation } = await givenConversation({ paid: true });
    const photo = jpeg();
    const answers = await Promise.all(
      Array.from({ length: 55 }, () => outcome(storeChatPhoto(appContext(), ann, conversation, photo))),
    );
    expect(answers.filter((a) => a === "ok")).toHaveLength(50);
    expect(answers.filter((a) => a === "chat_photo_limit")).toHaveLength(5);
    expect(await stored(conversation)).toBe(50);
    // The other member is not held up by it; the next UTC day the first may send photos again.
    expect(await outcome(storeChatPhoto(appContext(), bob, conversation, photo))).toBe("ok");
    expect(await outcome(storeChatPhoto(appContext({}, NOW + DAY), ann, conversation, photo))).toBe("ok");
  });

  it("does not count a file that is not a photo", async () => {
    const { ann, conversation } = await givenConversation({ paid: true });
    const text = new TextEncoder().encode("not a photo");
    for (let i = 0; i < 51; i++) {
      expect(await outcome(storeChatPhoto(appContext(), ann, conversation, text))).toBe("photo_invalid");
    }
    expect(await outcome(storeChatPhoto(appContext(), ann, conversation, jpeg()))).toBe("ok");
  });

  it("answers the 51st upload of the day with a localised 429 and stores nothing", async () => {
    const { ann, annCookie, conversation } = await givenConversation({ paid: true });
    const photo = jpeg();
    const today = { ...appContext(), now: () => Date.now() };
    await Promise.all(Array.from({ length: 50 }, () => storeChatPhoto(today, ann, conversation, photo)));
    const body = new FormData();
    body.set("conversation", String(conversation));
    body.set("photo", new File([new Uint8Array(photo)], "photo.jpg"));
    const { "Content-Type": _, ...headers } = apiHeaders(annCookie);
    const response = await SELF.fetch(`${SITE}/api/chat/photo`, { method: "POST", headers, body });
    expect(response.status).toBe(429);
    expect(await response.json()).toMatchObject({ error: "chat_photo_limit", message: nlErrors.chatPhotoLimit });
    expect(await stored(conversation)).toBe(50);
  });
});

describe("provider lookups from a payment's webhook", () => {
  async function checkout() {
    const pkg = await givenPackage();
    const buyer = await oldMember();
    const started = await startCheckout(mollieApp(), buyer, { packageId: pkg.id, method: "ideal", country: "NL" });
    return { buyer, ...started, ref: (await paymentRow(started.paymentId)).providerRef! };
  }

  it("asks Mollie about one payment at most 20 times a UTC day, sent at once too; past that answers from D1", async () => {
    const mollie = givenMollie();
    const { buyer, paymentId, ref } = await checkout();
    const lookups = () => mollie.requests.filter((r) => r.method === "GET" && r.path === `/v2/payments/${ref}`).length;
    const warn = vi.spyOn(console, "warn");

    const answers = await Promise.all(Array.from({ length: 25 }, () => handleWebhook(mollieApp(), "mollie", ref)));
    expect(answers).toEqual(Array.from({ length: 25 }, () => "open"));
    expect(lookups()).toBe(20);
    expect(warn.mock.calls.flat().join("\n")).toContain("webhook lookups used up");

    // Paid now, but the webhook's lookups of today are used up: what D1 says, and nothing asked.
    mollie.setStatus(ref, "paid");
    expect(await handleWebhook(mollieApp(), "mollie", ref)).toBe("open");
    expect(lookups()).toBe(20);
    expect(await ledgerOf(buyer.id)).toEqual([]);

    // The hourly job asks on its own account, and books it.
    const later = NOW + 20 * MINUTE;
    await settleOpenPayments(mollieApp({ now: () => later }), later);
    expect(lookups()).toBe(21);
    expect(await paymentRow(paymentId)).toMatchObject({ status: "paid", credits: 60 });

    // The next UTC day the webhook asks again.
    expect(await handleWebhook(mollieApp({ now: () => NOW + DAY }), "mollie", ref)).toBe("paid");
    expect(lookups()).toBe(22);
  });

  it("answers a webhook past the day's lookups with 200, as the provider expects of an accepted one", async () => {
    const pkg = await givenPackage();
    const buyer = await oldMember();
    const started = await startCheckout({ ...accountsApp(), now: () => Date.now() }, buyer, {
      packageId: pkg.id,
      method: "ideal",
      country: "NL",
    });
    const { providerRef } = await paymentRow(started.paymentId);
    const webhook = () =>
      SELF.fetch(`${SITE}/api/payments/webhook/sandbox`, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: `id=${providerRef}`,
      });
    for (let i = 0; i < 20; i++) await (await webhook()).body?.cancel();
    const warn = vi.spyOn(console, "warn");
    const response = await webhook();
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true, status: "open" });
    expect(warn.mock.calls.flat().join("\n")).toContain("webhook lookups used up");
  });
});

describe("reports sent at once", () => {
  const report = (input: Record<string, unknown>) => reportSchema.parse(input);
  const openReports = (reporter: number, member: number) =>
    db
      .select()
      .from(reports)
      .where(and(eq(reports.reporterId, reporter), eq(reports.memberId, member), eq(reports.status, "open")));

  it("keep one open report of a profile, each answered as the one report would be", async () => {
    const ann = await givenAccount();
    const bob = await givenAccount();
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => reportMember(appContext(), ann, report({ member: bob, reason: "spam" }))),
    );
    const rows = await openReports(ann, bob);
    expect(rows).toHaveLength(1);
    expect(answers).toEqual(Array.from({ length: 5 }, () => ({ reported: true, id: rows[0]!.id })));
  });

  it("keep one open report of a message, beside the report of the profile", async () => {
    const { ann, bob, conversation, annCookie } = await givenConversation({ paid: true });
    await givenCredits(ann, 5);
    const sent = await SELF.fetch(`${SITE}/api/chat/messages`, {
      method: "POST",
      headers: apiHeaders(annCookie),
      body: JSON.stringify({
        conversation,
        message: { kind: "text", clientId: "report-caps-1", text: "Stuur me geld" },
      }),
    });
    expect(sent.status).toBe(201);
    const { message } = (await sent.json()) as { message: { seq: number } };
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        reportMember(appContext(), bob, report({ member: ann, conversation, seq: message.seq, reason: "scam" })),
      ),
    );
    const profile = await reportMember(appContext(), bob, report({ member: ann, reason: "spam" }));
    const rows = await openReports(bob, ann);
    expect(rows).toHaveLength(2);
    const messageRow = rows.find((r) => r.messageSeq === message.seq)!;
    expect(answers).toEqual(Array.from({ length: 5 }, () => ({ reported: true, id: messageRow.id })));
    expect(profile.id).not.toBe(messageRow.id);
  });

  it("open a new report once the earlier one is decided", async () => {
    const ann = await givenAccount();
    const bob = await givenAccount();
    const first = await reportMember(appContext(), ann, report({ member: bob, reason: "spam" }));
    await db.update(reports).set({ status: "dismissed" }).where(eq(reports.id, first.id));
    const second = await reportMember(appContext(), ann, report({ member: bob, reason: "other", text: "Weer links" }));
    expect(second.id).not.toBe(first.id);
    expect(await openReports(ann, bob)).toEqual([expect.objectContaining({ id: second.id, text: "Weer links" })]);
  });

  it("a database holding duplicate open reports takes the migration that allows one", async () => {
    const migration = env.TEST_MIGRATIONS.find((m) => m.name.includes("one_open_report"));
    expect(migration?.name).toBeDefined();
    const queries = migration!.queries;
    // The database as it was before it: no unique index, and duplicates of reports sent at once.
    for (const query of queries) {
      const index = /CREATE UNIQUE INDEX `(\w+)`/.exec(query)?.[1];
      if (index) await env.DB.exec(`DROP INDEX \`${index}\``);
    }
    const ann = await givenAccount();
    const bob = await givenAccount();
    const carl = await givenAccount();
    const row = (reporterId: number, createdAt: number, fields: Partial<typeof reports.$inferInsert> = {}) => ({
      reporterId,
      memberId: bob,
      reason: "spam" as const,
      createdAt,
      ...fields,
    });
    await db
      .insert(reports)
      .values([
        row(ann, NOW - 3 * 3_600_000),
        row(ann, NOW - 2 * 3_600_000, { reason: "other", text: "Stuurt steeds links" }),
        row(ann, NOW - 4 * 3_600_000, { status: "dismissed" }),
        row(carl, NOW - 3_600_000),
      ]);

    await env.DB.batch(queries.map((query) => env.DB.prepare(query)));
    // The one kept is the oldest in the queue, with the newest words; decided ones and others' stay.
    expect(await openReports(ann, bob)).toEqual([
      expect.objectContaining({ reason: "other", text: "Stuurt steeds links", createdAt: NOW - 3 * 3_600_000 }),
    ]);
    expect(await db.select().from(reports).where(eq(reports.status, "dismissed"))).toHaveLength(1);
    expect(await openReports(carl, bob)).toHaveLength(1);
  });
});
