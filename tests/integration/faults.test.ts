// Fault injection: D1 failing before or after it commits, and
// a Durable Object reset, in the middle of a message send, a purchase and a
// signup. Afterwards nothing is lost, nothing is counted twice and nothing is
// half-created; a retry finishes the job.
import { env, evictDurableObject, runInDurableObject, SELF } from "cloudflare:test";
import { count, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { signupSchema } from "#app/schemas/account.ts";
import type { OutgoingMessage } from "#app/schemas/chat.ts";
import { signUp } from "#app/server/accounts/signup.ts";
import { openConversation } from "#app/server/chat/rooms.ts";
import { roomStub } from "#app/server/chat/sockets.ts";
import { createDb } from "#app/server/db/client.ts";
import {
  creditLedger,
  creditPackages,
  emailTokens,
  mailOutbox,
  payments,
  profiles,
  sessions,
  trackingData,
  users,
} from "#app/server/db/schema.ts";
import { DomainError } from "#app/server/errors.ts";
import { handleWebhook, startCheckout } from "#app/server/payments/checkout.ts";
import { settleSandboxPayment } from "#app/server/payments/sandbox.ts";
import type { ConversationRoom } from "#workers/durable-objects/conversation-room.ts";
import { type Fault, faultyD1 } from "./faulty-d1.ts";
import {
  accountsApp,
  appContext,
  db,
  givenAccount,
  givenCredits,
  NOW,
  sessionCookieFor,
  walletLedgerSum,
  walletOfMember,
} from "./fixtures.ts";

const faults: Fault[] = [
  { on: "batch", when: "before", times: 1 },
  { on: "batch", when: "after", times: 1 },
];
const outcome = (promise: Promise<unknown>) =>
  promise.then(
    () => "ok",
    (error: unknown) => (error instanceof DomainError ? error.code : "failed"),
  );

describe("a signup when D1 fails", () => {
  it.each(faults)("$when committing: all of the account or none of it, and one account in the end", async (fault) => {
    const email = `fault-${fault.when}@test.example`;
    const form = signupSchema({ minimumAge: 18, now: NOW }).parse({
      gender: "female",
      seeking: "male",
      email,
      name: "Fenna",
      date_of_birth: "1994-05-01",
      password: "secret-password",
    });
    const broken = { ...accountsApp(), db: createDb(faultyD1(env.DB, { ...fault })) };
    expect(await outcome(signUp(broken, { form, tracking: { network: "fault" } }))).toBe("failed");

    const traces = async () => {
      const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
      const id = user?.id ?? -1;
      const counts = await Promise.all([
        db.select({ n: count() }).from(profiles).where(eq(profiles.userId, id)),
        db.select({ n: count() }).from(trackingData).where(eq(trackingData.userId, id)),
        db.select({ n: count() }).from(emailTokens).where(eq(emailTokens.userId, id)),
        db.select({ n: count() }).from(sessions).where(eq(sessions.userId, id)),
        db.select({ n: count() }).from(mailOutbox).where(eq(mailOutbox.to, email)),
      ]);
      return { user: user ? 1 : 0, rows: counts.map(([c]) => c!.n) };
    };
    const after = await traces();
    // Committed or not, never in between.
    expect(after).toEqual(
      fault.when === "before" ? { user: 0, rows: [0, 0, 0, 0, 0] } : { user: 1, rows: [1, 1, 1, 1, 1] },
    );

    // The visitor tries again: an account, once (or a clear answer that it exists).
    const retry = await outcome(signUp(accountsApp(), { form, tracking: { network: "fault" } }));
    expect(retry).toBe(fault.when === "before" ? "ok" : "email_taken");
    expect(await traces()).toEqual({ user: 1, rows: [1, 1, 1, 1, 1] });
  });
});

describe("a purchase when D1 fails", () => {
  it.each(faults)("$when committing: the provider's next webhook credits once", async (fault) => {
    const [pkg] = await db
      .insert(creditPackages)
      .values({
        domain: "*",
        country: "NL",
        currency: "EUR",
        credits: 60,
        priceCents: 1995,
        style: "p1",
        popular: true,
      })
      .returning();
    const buyerId = await givenAccount();
    await db
      .update(users)
      .set({ signupDate: NOW - 400 * 86_400_000 })
      .where(eq(users.id, buyerId));
    const { findSessionMember } = await import("#app/server/accounts/session.ts");
    const { startSession } = await import("#app/server/accounts/session.ts");
    const session = await startSession(db, { userId: buyerId, now: NOW });
    await session.statement;
    const buyer = (await findSessionMember(db, session.token, NOW))!;
    const { paymentId } = await startCheckout(accountsApp(), buyer, {
      packageId: pkg!.id,
      method: "ideal",
      country: "NL",
    });
    const [payment] = await db.select().from(payments).where(eq(payments.id, paymentId));
    await settleSandboxPayment(db, payment!.providerRef!, "paid");

    const broken = { ...accountsApp(), db: createDb(faultyD1(env.DB, { ...fault })) };
    expect(await outcome(handleWebhook(broken, "sandbox", payment!.providerRef!))).toBe("failed");
    // Committed, the purchase is recorded; its answer lost, the wallet hears of it from the next webhook (or the replay).
    const records = () => db.select({ n: count() }).from(creditLedger).where(eq(creditLedger.userId, buyerId));
    expect(await records()).toEqual([{ n: fault.when === "before" ? 0 : 1 }]);
    expect(await walletLedgerSum(buyerId)).toBe(0);

    // Providers repeat a webhook that did not get a 2xx; a few times, even at once.
    const answers = await Promise.all(
      Array.from({ length: 3 }, () =>
        SELF.fetch("http://localhost/api/payments/webhook/sandbox", {
          method: "POST",
          headers: { "Content-Type": "application/x-www-form-urlencoded" },
          body: `id=${payment!.providerRef}`,
        }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    const [user] = await db.select().from(users).where(eq(users.id, buyerId));
    expect(user).toMatchObject({ credits: 60, paidUser: true });
    expect(await walletLedgerSum(buyerId)).toBe(60);
    expect(await records()).toEqual([{ n: 1 }]);
  });
});

/** Wallets whose answer to a charge is lost on the way back, after the charge is booked. */
function lossyWallets(real: Env["WALLET"]): Env["WALLET"] {
  const lossy = (stub: ReturnType<Env["WALLET"]["get"]>) =>
    new Proxy(stub, {
      get(target, prop) {
        if (prop === "charge")
          return async (input: Parameters<typeof target.charge>[0]) => {
            await target.charge(input);
            throw new Error("Network connection lost.");
          };
        const value = Reflect.get(target, prop) as unknown;
        return typeof value === "function" ? (value as (...a: unknown[]) => unknown).bind(target) : value;
      },
    });
  return new Proxy(real, {
    get(target, prop) {
      if (prop === "get") return (id: DurableObjectId) => lossy(target.get(id));
      const value = Reflect.get(target, prop) as unknown;
      return typeof value === "function" ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
}

const chatFaults = [
  // D1 does not answer the send's rules: nothing is charged yet.
  {
    name: "D1 fails before the charge",
    env: (healthy: Env) => ({ ...healthy, DB: faultyD1(healthy.DB, { on: "any", when: "before", times: 1 }) }),
  },
  // The wallet charged, and its answer never reached the room.
  {
    name: "the wallet's answer is lost after the charge",
    env: (healthy: Env) => ({ ...healthy, WALLET: lossyWallets(healthy.WALLET) }),
  },
];

describe("a chat message when a store fails and the room is reset", () => {
  it.each(chatFaults)("$name: the client's retry delivers it once, charged once", async (fault) => {
    const ann = await givenAccount({ name: "Ann" });
    const bob = await givenAccount({ name: "Bob", gender: "male" });
    await db.update(users).set({ paidUser: true }).where(eq(users.id, ann));
    const { startConversation } = await import("#app/server/chat/conversations.ts");
    const conversation = await startConversation(appContext(), { id: ann, paidUser: true }, bob);
    await givenCredits(ann, 10);
    const { meta } = await openConversation({ db, env }, ann, conversation);
    const message: OutgoingMessage = { kind: "text", clientId: `fault-${fault.name.length}-01`, text: "Kom je ook?" };

    const stub = roomStub(env, conversation);
    const frame = await runInDurableObject(stub, async (room: ConversationRoom) => {
      const holder = room as unknown as { env: Env };
      const healthy = holder.env;
      holder.env = fault.env(healthy);
      try {
        return await room.send(meta, ann, message, { locale: "nl" });
      } finally {
        holder.env = healthy;
      }
    });
    // The sender is told to retry, in their language.
    expect(frame).toMatchObject({ type: "error", code: "retry", message: expect.any(String) });
    // And the room goes down before anyone retries.
    await evictDurableObject(stub);

    const cookie = await sessionCookieFor(ann);
    const retry = () =>
      SELF.fetch("http://localhost/api/chat/messages", {
        method: "POST",
        headers: {
          Cookie: cookie,
          Origin: "http://localhost",
          "X-Requested-With": "XMLHttpRequest",
          "Content-Type": "application/json",
        },
        body: JSON.stringify({ conversation, message }),
      });
    const [first, second] = await Promise.all([retry(), retry()]);
    expect([first!.status, second!.status]).toEqual([201, 201]);

    expect(await walletLedgerSum(ann)).toBe(9);
    // D1's copy of the balance follows behind the answer, with the conversation's summary.
    await expect
      .poll(async () => (await db.select().from(users).where(eq(users.id, ann)))[0]!.credits, { timeout: 3000 })
      .toBe(9);
    const { ledger } = await walletOfMember(ann);
    expect(ledger.filter((row) => row.note === `conversation ${conversation}`)).toHaveLength(1);
    const stored = await runInDurableObject(stub, async (_room: ConversationRoom, state) =>
      state.storage.sql.exec("select state, body from messages").toArray(),
    );
    expect(stored).toEqual([{ state: "sent", body: "Kom je ook?" }]);
  });
});
