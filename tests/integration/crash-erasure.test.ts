// Erasing an account spans every store: the member's conversations (Durable
// Objects), their wallet and their time bonus (Durable Objects too), their
// files (R2) and D1. The
// user row goes last, so an erasure the server dies in the middle of stays
// due: the next hourly run does it again from the start and finishes it.
// These tests cut the erasure short between stores, from the hourly purge and
// from a signup that reuses the address, and check that nothing is left after
// the next run.
import { env, runInDurableObject, SELF } from "cloudflare:test";
import { eq, or } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { signupSchema } from "#app/schemas/account.ts";
import { signUp } from "#app/server/accounts/signup.ts";
import { roomStub } from "#app/server/chat/sockets.ts";
import { armCrash, type CrashPoint, SimulatedCrash } from "#app/server/crash-points.ts";
import {
  conversationParticipants,
  conversations,
  creditLedger,
  payments,
  photos,
  profiles,
  users,
} from "#app/server/db/schema.ts";
import { runHourly } from "#app/server/jobs/hourly.ts";
import { createLogger } from "#app/server/log.ts";
import { timeBonusRoom } from "#app/server/payments/discounts.ts";
import type { ConversationRoom } from "#workers/durable-objects/conversation-room.ts";
import {
  accountsApp,
  apiHeaders,
  appContext,
  db,
  givenAccount,
  givenCredits,
  NOW,
  sessionCookieFor,
  walletOfMember,
} from "./fixtures.ts";

const DAY = 86_400_000;
const SECRET_WORDS = "kwispelstaart-geheim";

const hourly = (at = NOW) => runHourly({ db, env, log: createLogger("test-hourly"), now: () => at });

/** A member with a conversation, files and a time bonus, deleted 15 days ago (past their 14). */
async function deletedMemberWithEverything(email?: string) {
  const member = await givenAccount({ name: "Vera", email });
  const other = await givenAccount({ name: "Other", gender: "male" });
  await db.update(users).set({ paidUser: true }).where(eq(users.id, member));
  await givenCredits(member, 20);
  const { startConversation } = await import("#app/server/chat/conversations.ts");
  const conversation = await startConversation(appContext(), { id: member, paidUser: true }, other);
  const sent = await SELF.fetch("http://localhost/api/chat/messages", {
    method: "POST",
    headers: apiHeaders(await sessionCookieFor(member)),
    body: JSON.stringify({ conversation, message: { kind: "text", clientId: "erase-crash-01", text: SECRET_WORDS } }),
  });
  expect(sent.status).toBe(201);

  const photoKey = `u/${member}/full-crash.jpg`;
  const thumbKey = `u/${member}/full-crash-t.jpg`;
  // A file of an upload that never got its row (the upload died in between).
  const strayKey = `u/${member}/stray-upload.jpg`;
  const chatPhotoKey = `c/${conversation}/crash-photo.jpg`;
  const keys = [photoKey, thumbKey, strayKey, chatPhotoKey];
  for (const key of keys) await env.PHOTOS.put(key, new Uint8Array([0xff, 0xd8, 1, 2]));
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
    providerRef: `crash-erase-${member}`,
    status: "paid",
    createdAt: NOW,
    updatedAt: NOW,
  });
  await timeBonusRoom(env, member).start({ code: "TIMEBONUS25", expiresAt: NOW + 3_600_000 });
  await db
    .update(users)
    .set({ status: "deleted", deletedAt: NOW - 15 * DAY })
    .where(eq(users.id, member));
  return { member, other, conversation, keys };
}

type Setup = Awaited<ReturnType<typeof deletedMemberWithEverything>>;

async function roomRows(conversation: number) {
  return runInDurableObject(roomStub(env, conversation), async (_room: ConversationRoom, state) => {
    const tables = state.storage.sql
      .exec<{ name: string }>("select name from sqlite_master where type = 'table' and name not like '_cf_%'")
      .toArray();
    return JSON.stringify(tables.flatMap(({ name }) => state.storage.sql.exec(`select * from "${name}"`).toArray()));
  });
}

const timeBonusLeft = (member: number) =>
  runInDurableObject(timeBonusRoom(env, member), async (_bonus, state) => [...(await state.storage.list()).keys()]);

async function r2KeysLeft({ member, conversation }: Setup) {
  const listed = await Promise.all([`u/${member}/`, `c/${conversation}/`].map((prefix) => env.PHOTOS.list({ prefix })));
  return listed.flatMap((page) => page.objects.map((o) => o.key));
}

/** Nothing of the member anywhere; the other member and their account stay. */
async function expectErased(setup: Setup) {
  const { member, other, conversation } = setup;
  expect(await db.select().from(users).where(eq(users.id, member))).toEqual([]);
  expect(await db.select().from(profiles).where(eq(profiles.userId, member))).toEqual([]);
  expect(await db.select().from(photos).where(eq(photos.userId, member))).toEqual([]);
  expect(await db.select().from(payments).where(eq(payments.userId, member))).toEqual([]);
  expect(await db.select().from(creditLedger).where(eq(creditLedger.userId, member))).toEqual([]);
  expect(
    await db
      .select()
      .from(conversationParticipants)
      .where(
        or(eq(conversationParticipants.userId, member), eq(conversationParticipants.conversationId, conversation)),
      ),
  ).toEqual([]);
  expect(await db.select().from(conversations).where(eq(conversations.id, conversation))).toEqual([]);
  expect(await r2KeysLeft(setup)).toEqual([]);
  expect(await roomRows(conversation)).not.toContain(SECRET_WORDS);
  expect(await roomRows(conversation)).toBe("[]");
  expect(await timeBonusLeft(member)).toEqual([]);
  expect(await walletOfMember(member)).toMatchObject({ balance: 0, ledger: [] });
  expect(await db.select({ id: users.id }).from(users).where(eq(users.id, other))).toHaveLength(1);
}

describe("erasing an account when the server dies mid-way", () => {
  it("the traces are all there before (so the checks below can fail)", async () => {
    const setup = await deletedMemberWithEverything();
    expect(await roomRows(setup.conversation)).toContain(SECRET_WORDS);
    expect((await r2KeysLeft(setup)).sort()).toEqual([...setup.keys].sort());
    expect(await timeBonusLeft(setup.member)).toEqual(["state"]);
    expect((await walletOfMember(setup.member)).ledger).not.toEqual([]);
    await hourly();
    await expectErased(setup);
  });

  it("rooms erased, files not yet: the user row stays, and the next hourly run finishes it", async () => {
    const setup = await deletedMemberWithEverything();
    armCrash("erasure:rooms-erased");
    await expect(hourly()).rejects.toThrow(SimulatedCrash);

    expect(await db.select({ id: users.id }).from(users).where(eq(users.id, setup.member))).toHaveLength(1);
    expect(await roomRows(setup.conversation)).not.toContain(SECRET_WORDS);
    expect((await r2KeysLeft(setup)).sort()).toEqual([...setup.keys].sort());
    // The wallet comes after the rooms: not yet emptied.
    expect((await walletOfMember(setup.member)).ledger).not.toEqual([]);

    await hourly(NOW + 3_600_000);
    await expectErased(setup);
  });

  it("files deleted, D1 not yet: the user row stays, and the next hourly run finishes it", async () => {
    const setup = await deletedMemberWithEverything();
    armCrash("erasure:files-deleted");
    await expect(hourly()).rejects.toThrow(SimulatedCrash);

    expect(await db.select({ id: users.id }).from(users).where(eq(users.id, setup.member))).toHaveLength(1);
    expect(await r2KeysLeft(setup)).toEqual([]);
    expect(await walletOfMember(setup.member)).toMatchObject({ balance: 0, ledger: [] });
    // A purchase recorded and applied while the user row is still there books nothing in the emptied wallet.
    await givenCredits(setup.member, 50, `payment:late:${setup.member}`);
    expect(await walletOfMember(setup.member)).toMatchObject({ balance: 0, ledger: [] });
    const [late] = await db
      .select({ outcome: creditLedger.outcome, delta: creditLedger.delta })
      .from(creditLedger)
      .where(eq(creditLedger.idempotencyKey, `payment:late:${setup.member}`));
    expect(late).toEqual({ outcome: "void", delta: 0 });

    await hourly(NOW + 3_600_000);
    await expectErased(setup);
  });

  it.each<CrashPoint>(["erasure:rooms-erased", "erasure:files-deleted"])(
    "a signup reusing the address dies at %s: the next hourly run finishes the erasure, and the signup works after",
    async (point) => {
      const email = `reused-${point.split(":")[1]}@test.example`;
      const setup = await deletedMemberWithEverything(email);
      const form = signupSchema({ minimumAge: 18, now: NOW }).parse({
        gender: "female",
        seeking: "male",
        email,
        name: "Vera Nieuw",
        date_of_birth: "1994-05-01",
        password: "secret-password",
      });
      armCrash(point);
      await expect(signUp(accountsApp(), { form, tracking: { network: "reuse" } })).rejects.toThrow(SimulatedCrash);
      // The old account is still there, deleted and past its window: the purge will take it.
      expect(await db.select({ id: users.id, status: users.status }).from(users).where(eq(users.email, email))).toEqual(
        [{ id: setup.member, status: "deleted" }],
      );

      await hourly(NOW + 3_600_000);
      await expectErased(setup);
      expect(await db.select({ id: users.id }).from(users).where(eq(users.email, email))).toEqual([]);

      await signUp(accountsApp(), { form, tracking: { network: "reuse" } });
      const [fresh] = await db.select({ id: users.id, status: users.status }).from(users).where(eq(users.email, email));
      expect(fresh).toMatchObject({ status: "not_confirmed" });
      expect(fresh!.id).not.toBe(setup.member);
    },
  );
});

describe("an hourly run where one task keeps failing", () => {
  it("erases the accounts it can and still settles the rest, and tries the failed one again next hour", async () => {
    const stuck = await deletedMemberWithEverything("stuck@test.example");
    const fine = await deletedMemberWithEverything("fine@test.example");
    // R2 refuses to list the stuck member's files (an outage, a bad key): their erasure fails.
    const bucket = env.PHOTOS;
    const failing = new Proxy(bucket, {
      get(target, prop) {
        if (prop !== "list") {
          const value = Reflect.get(target, prop) as unknown;
          return typeof value === "function" ? value.bind(target) : value;
        }
        return (options?: R2ListOptions) =>
          options?.prefix === `u/${stuck.member}/` ? Promise.reject(new Error("R2 unavailable")) : target.list(options);
      },
    });
    const result = await runHourly({
      db,
      env: { ...env, PHOTOS: failing },
      log: createLogger("test-hourly"),
      now: () => NOW,
    });

    expect(result.accounts).toEqual({ purged: 1 });
    await expectErased(fine);
    expect(await db.select({ id: users.id }).from(users).where(eq(users.id, stuck.member))).toHaveLength(1);
    // The tasks after the purge ran all the same.
    expect(result.mail).not.toBe("failed");
    expect(result.orphanFiles).not.toBe("failed");

    await hourly(NOW + 3_600_000);
    await expectErased(stuck);
  });
});
