// Erasure: after a member is erased, no store holds their
// identifiers: every D1 table, every R2 object, their conversations', wallet's
// and time bonus's Durable Object storage, and KV are searched.
import { env, runInDurableObject, SELF } from "cloudflare:test";
import { eq, sql } from "drizzle-orm";
import { strFromU8, unzipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { roomStub } from "#app/server/chat/sockets.ts";
import { walletOf } from "#app/server/credits/wallet.ts";
import {
  auditLog,
  complaints,
  directDebitMandates,
  loginAttempts,
  mailOutbox,
  operators,
  payments,
  photos,
  pushSubscriptions,
  reports,
  smsOutbox,
  trackingData,
  users,
} from "#app/server/db/schema.ts";
import { timeBonusRoom } from "#app/server/payments/discounts.ts";
import { eraseMember } from "#app/server/privacy/erasure.ts";
import { memberDataExport } from "#app/server/privacy/export.ts";
import type { ConversationRoom } from "#workers/durable-objects/conversation-room.ts";
import { appContext, db, givenAccount, givenCredits, NOW, sessionCookieFor, walletOfMember } from "./fixtures.ts";

const EMAIL = "zorbatrix.erase@test.example";
const NAME = "Zorbatrix";
const SECRET_WORDS = "qwyxz-private-words";
const MOBILE = "+31612398745";

const apiHeaders = (cookie: string) => ({
  Cookie: cookie,
  Origin: "http://localhost",
  "X-Requested-With": "XMLHttpRequest",
  "Content-Type": "application/json",
});

/** A member who has left traces in every store the product has. */
async function memberWithEverything() {
  const member = await givenAccount({ name: NAME, email: EMAIL });
  const other = await givenAccount({ name: "Other", gender: "male" });
  await db.update(users).set({ paidUser: true }).where(eq(users.id, member));
  await givenCredits(member, 20);
  const { startConversation } = await import("#app/server/chat/conversations.ts");
  const conversation = await startConversation(appContext(), { id: member, paidUser: true }, other);
  const cookie = await sessionCookieFor(member);
  const sent = await SELF.fetch("http://localhost/api/chat/messages", {
    method: "POST",
    headers: apiHeaders(cookie),
    body: JSON.stringify({ conversation, message: { kind: "text", clientId: "erase-msg-01", text: SECRET_WORDS } }),
  });
  expect(sent.status).toBe(201);

  const photoKey = `p/${member}/full-erase.jpg`;
  const thumbKey = `p/${member}/thumb-erase.jpg`;
  const chatPhotoKey = `c/${conversation}/erase-photo.jpg`;
  for (const key of [photoKey, thumbKey, chatPhotoKey]) await env.PHOTOS.put(key, new Uint8Array([0xff, 0xd8, 1, 2]));
  await db.insert(photos).values({
    createdAt: NOW,
    userId: member,
    filename: photoKey,
    thumbFilename: thumbKey,
    contentType: "image/jpeg",
    status: "active",
  });
  await db.insert(payments).values({
    userId: member,
    domain: "localhost",
    country: "NL",
    currency: "EUR",
    amountCents: 1995,
    credits: 50,
    method: "ideal",
    provider: "sandbox",
    providerRef: `erase-${member}`,
    status: "paid",
    createdAt: NOW,
    updatedAt: NOW,
  });
  await db.insert(pushSubscriptions).values({
    createdAt: NOW,
    userId: member,
    endpoint: `https://push.test.example/${member}`,
    p256dh: "key",
    auth: "auth",
  });
  await db.insert(mailOutbox).values({
    createdAt: NOW,
    to: EMAIL,
    template: "activation",
    locale: "nl",
    subject: `Hoi ${NAME}`,
    html: NAME,
    text: NAME,
  });
  await db.insert(loginAttempts).values({ subject: EMAIL, success: true, createdAt: NOW });
  await db.insert(complaints).values({
    createdAt: NOW,
    userId: member,
    domain: "localhost",
    name: NAME,
    email: EMAIL,
    subject: "Klacht",
    message: SECRET_WORDS,
  });
  await db.insert(trackingData).values({ userId: member, network: "net", ref: "zorb-ref" });
  const [payment] = await db.select({ id: payments.id }).from(payments).where(eq(payments.userId, member));
  await db.insert(directDebitMandates).values({
    createdAt: NOW,
    userId: member,
    paymentId: payment!.id,
    accountHolder: NAME,
    iban: "NL91ABNA0417164300",
    street: "Straat",
    houseNumber: "1",
    postcode: "1000 AA",
    city: "Amsterdam",
    mobile: MOBILE,
    codeHash: "x",
    codeExpiresAt: NOW,
  });
  await db.insert(smsOutbox).values({ createdAt: NOW, to: MOBILE, text: "Code 123456" });
  await db
    .insert(reports)
    .values({ createdAt: NOW, reporterId: other, memberId: member, reason: "spam", text: "about them" });
  const [operator] = await db
    .insert(operators)
    .values({ createdAt: NOW, email: "ops@test.example", name: "Ops", passwordHash: "x", role: "support" })
    .returning();
  await db.insert(auditLog).values({
    createdAt: NOW,
    operatorId: operator!.id,
    action: "member.credits",
    targetType: "member",
    targetId: String(member),
    before: { email: EMAIL, credits: 20 },
    after: { email: EMAIL, credits: 25 },
  });
  await timeBonusRoom(env, member).start({ code: "TIMEBONUS", expiresAt: NOW + 3_600_000 });
  return { member, other, conversation, keys: [photoKey, thumbKey, chatPhotoKey] };
}

async function everyD1Row(): Promise<string> {
  const tables = await db.all<{ name: string }>(
    sql`select name from sqlite_master where type = 'table' and name not like 'sqlite_%' and name not like '_cf_%' and name not like 'd1_%'`,
  );
  const dumps = await Promise.all(
    tables.map(async ({ name }) => JSON.stringify(await db.all(sql.raw(`select * from "${name}"`)))),
  );
  return dumps.join("\n");
}

describe("erasure", () => {
  it("leaves none of the member's identifiers in D1, R2, Durable Objects or KV", async () => {
    const { member, other, conversation, keys } = await memberWithEverything();
    // Before: the traces are there (so the search below can fail).
    expect(await everyD1Row()).toContain(EMAIL);
    expect(await env.PHOTOS.head(keys[2]!)).not.toBeNull();

    expect(await eraseMember({ db, env }, member)).toMatchObject({ erased: true, conversations: 1, photos: 2 });

    const d1 = await everyD1Row();
    for (const identifier of [EMAIL, NAME, SECRET_WORDS, MOBILE, "NL91ABNA0417164300", "zorb-ref"]) {
      expect(d1).not.toContain(identifier);
    }
    expect(await db.select().from(users).where(eq(users.id, member))).toEqual([]);
    // The report about them went with them; the other member stays.
    expect(await db.select().from(reports).where(eq(reports.memberId, member))).toEqual([]);
    expect(await db.select({ id: users.id }).from(users).where(eq(users.id, other))).toHaveLength(1);

    const objects = await env.PHOTOS.list();
    const r2Keys = objects.objects.map((o) => o.key);
    for (const key of keys) expect(r2Keys).not.toContain(key);
    expect(r2Keys.some((key) => key.startsWith(`p/${member}/`) || key.startsWith(`c/${conversation}/`))).toBe(false);

    const roomLeft = await runInDurableObject(roomStub(env, conversation), async (_room: ConversationRoom, state) => {
      const tables = state.storage.sql
        .exec<{ name: string }>("select name from sqlite_master where type = 'table' and name not like '_cf_%'")
        .toArray();
      const rows = tables.flatMap(({ name }) => state.storage.sql.exec(`select * from "${name}"`).toArray());
      return JSON.stringify(rows) + JSON.stringify([...(await state.storage.list()).entries()]);
    });
    expect(roomLeft).not.toContain(SECRET_WORDS);
    expect(roomLeft).not.toContain(String(member));
    const bonusLeft = await runInDurableObject(timeBonusRoom(env, member), async (_bonus, state) => [
      ...(await state.storage.list()).entries(),
    ]);
    expect(bonusLeft).toEqual([]);
    // The wallet is empty, and a purchase replayed after the erasure books nothing.
    expect(await walletOfMember(member)).toEqual({ balance: 0, version: expect.any(Number), ledger: [] });
    const replayed = await walletOf(env, member).credit({
      key: "payment:replayed",
      amount: 50,
      reason: "purchase",
      now: NOW,
    });
    expect(replayed).toMatchObject({ outcome: "void", balance: 0 });
    expect((await walletOfMember(member)).ledger).toEqual([]);

    const kv = await env.SETTINGS.list();
    for (const { name } of kv.keys) {
      const value = (await env.SETTINGS.get(name)) ?? "";
      for (const identifier of [EMAIL, NAME, String(member)]) expect(`${name} ${value}`).not.toContain(identifier);
    }
  });

  it("gives the member a ZIP with their data and photos, without secrets", async () => {
    const { member, conversation, keys } = await memberWithEverything();
    const zip = await memberDataExport({ db, env, now: () => NOW }, member);
    const files = unzipSync(new Uint8Array(await new Response(zip).arrayBuffer()));
    expect(Object.keys(files).sort()).toEqual(["data.json", expect.stringMatching(/^photos\/\d+\.jpg$/)]);
    const data = JSON.parse(strFromU8(files["data.json"]!)) as Record<string, unknown> & {
      account: Record<string, unknown>;
      conversations: { conversation: number; messagesSent: { text: string }[] }[];
    };
    expect(data.account).toMatchObject({ id: member, email: EMAIL });
    expect(data.account).not.toHaveProperty("passwordHash");
    expect(data.conversations).toEqual([
      { conversation, messagesSent: [expect.objectContaining({ text: SECRET_WORDS })] },
    ]);
    expect(data).toMatchObject({ profile: { name: NAME }, payments: [expect.objectContaining({ amountCents: 1995 })] });
    // Their credits as their wallet holds them: the purchase and the message it paid for.
    expect((data.creditLedger as { delta: number; reason: string }[]).map((row) => row.reason).sort()).toEqual([
      "message",
      "purchase",
    ]);
    expect(JSON.stringify(data)).not.toMatch(/"(passwordHash|p256dh|auth|codeHash)"/);
    expect(keys).toHaveLength(3);
  });
});
