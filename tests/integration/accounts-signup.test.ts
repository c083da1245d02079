import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { signupSchema } from "#app/schemas/account.ts";
import { activateAccount, resendActivation } from "#app/server/accounts/activation.ts";
import { findSessionMember } from "#app/server/accounts/session.ts";
import { signUp } from "#app/server/accounts/signup.ts";
import { DAY } from "#app/server/accounts/tokens.ts";
import { armCrash, disarmCrashes } from "#app/server/crash-points.ts";
import { REPLAY_AFTER_MS, replayMovements } from "#app/server/credits/movements.ts";
import { creditLedger, profiles, trackingData, users } from "#app/server/db/schema.ts";
import { createLogger } from "#app/server/log.ts";
import {
  accountsApp,
  appContext,
  clock,
  db,
  givenAccount,
  mailsTo,
  NOW,
  outcome,
  tokenIn,
  walletLedgerSum,
  walletOfMember,
} from "./fixtures.ts";

const form = (email = "eva@example.com") =>
  signupSchema({ minimumAge: 18, now: NOW }).parse({
    gender: "female",
    seeking: "male",
    email,
    name: "Eva",
    date_of_birth: "1995-03-14",
    password: "secret-password",
  });

describe("signup", () => {
  it("creates a not-confirmed account with a disabled profile, tracking data, an activation mail and a session", async () => {
    const { sessionToken } = await signUp(accountsApp(), {
      form: form(),
      tracking: { network: "tiktok", ref: "x1", sub2: "b" },
    });
    const [user] = await db.select().from(users).where(eq(users.email, "eva@example.com"));
    expect(user).toMatchObject({ status: "not_confirmed", credits: 0, paidUser: false, language: "nl" });
    const [profile] = await db.select().from(profiles).where(eq(profiles.userId, user!.id));
    expect(profile).toMatchObject({
      name: "Eva",
      status: "disabled",
      searchable: 0,
      gender: "female",
      seeking: "male",
    });
    const [tracking] = await db.select().from(trackingData).where(eq(trackingData.userId, user!.id));
    expect(tracking).toMatchObject({ network: "tiktok", ref: "x1", sub2: "b", sub1: null });
    const [mail] = await mailsTo("eva@example.com");
    expect(mail).toMatchObject({ template: "activation", locale: "nl" });
    expect(mail!.text).toContain("http://localhost/activate/done?token=");
    expect((await findSessionMember(db, sessionToken, NOW))?.id).toBe(user!.id);
  });

  it("records the domain's signup credits and puts them in the new member's wallet at once", async () => {
    await signUp(accountsApp({ settings: { signup_credits: 5 } }), { form: form(), tracking: {} });
    const [user] = await db.select().from(users).where(eq(users.email, "eva@example.com"));
    const records = await db.select().from(creditLedger).where(eq(creditLedger.userId, user!.id));
    expect(records.map((r) => [r.reason, r.idempotencyKey, r.op, r.amount, r.delta, r.outcome])).toEqual([
      ["signup_bonus", `signup_bonus:${user!.id}`, "credit", 5, 5, "booked"],
    ]);
    const wallet = await walletOfMember(user!.id);
    expect(wallet.balance).toBe(5);
    expect(wallet.ledger.map((r) => [r.key, r.reason, r.delta])).toEqual([
      [`signup_bonus:${user!.id}`, "signup_bonus", 5],
    ]);
    // D1's display copy (the member's first page) shows them too.
    expect(user!.credits).toBe(5);
  });

  it("leaves signup credits a crash kept from the wallet to the replay, which applies them once", async () => {
    armCrash("movement:recorded");
    try {
      // The crash comes after the batch: the account and its record are written.
      await expect(
        signUp(accountsApp({ settings: { signup_credits: 5 } }), { form: form(), tracking: {} }),
      ).rejects.toThrow();
    } finally {
      disarmCrashes();
    }
    const [user] = await db.select().from(users).where(eq(users.email, "eva@example.com"));
    expect(user!.credits).toBe(0);
    expect((await walletOfMember(user!.id)).balance).toBe(0);
    const later = { ...appContext({}, NOW + REPLAY_AFTER_MS + 1), log: createLogger("test") };
    await replayMovements(later);
    await replayMovements(later);
    expect((await walletOfMember(user!.id)).balance).toBe(5);
    expect(await walletLedgerSum(user!.id)).toBe(5);
  });

  it("follows the domain's signups setting", async () => {
    expect(await outcome(signUp(accountsApp({ settings: { signups: "none" } }), { form: form(), tracking: {} }))).toBe(
      "signups_closed",
    );
    const trafficOnly = accountsApp({ settings: { signups: "with_trafficsource" } });
    expect(await outcome(signUp(trafficOnly, { form: form(), tracking: {} }))).toBe("signups_closed");
    expect(await outcome(signUp(trafficOnly, { form: form(), tracking: { ref: "lander" } }))).toBe("ok");
  });

  it("refuses a registered address, and offers reactivation for one deleted within 14 days", async () => {
    await givenAccount({ email: "taken@example.com" });
    await givenAccount({ email: "gone@example.com", status: "deleted", deletedAt: NOW - 13 * DAY });
    expect(await outcome(signUp(accountsApp(), { form: form("taken@example.com"), tracking: {} }))).toBe("email_taken");
    expect(await outcome(signUp(accountsApp(), { form: form("gone@example.com"), tracking: {} }))).toBe(
      "email_taken_deleted",
    );
  });

  it("lets an address be used again once its deleted account is past the 14 days", async () => {
    const old = await givenAccount({ email: "old@example.com", status: "deleted", deletedAt: NOW - 15 * DAY });
    expect(await outcome(signUp(accountsApp(), { form: form("old@example.com"), tracking: {} }))).toBe("ok");
    const rows = await db.select({ id: users.id }).from(users).where(eq(users.email, "old@example.com"));
    expect(rows.map((r) => r.id)).not.toContain(old);
    expect(rows).toHaveLength(1);
  });

  it("creates one account when the same address signs up twice at once", async () => {
    const results = await Promise.all(
      [0, 1, 2].map(() => outcome(signUp(accountsApp(), { form: form(), tracking: {} }))),
    );
    expect(results.sort()).toEqual(["email_taken", "email_taken", "ok"]);
    expect(await db.select().from(users).where(eq(users.email, "eva@example.com"))).toHaveLength(1);
    expect(await db.select().from(profiles)).toHaveLength(1);
    expect(await mailsTo("eva@example.com")).toHaveLength(1);
  });
});

describe("signup form rules", () => {
  const schema = signupSchema({ minimumAge: 18, now: NOW });
  const valid = {
    gender: "male",
    seeking: "female",
    email: "a@example.com",
    name: "Bram",
    date_of_birth: "1990-01-01",
    password: "long-enough",
  };
  const messages = (input: Record<string, unknown>) =>
    (schema.safeParse({ ...valid, ...input }).error?.issues ?? []).map((i) => `${i.path.join(".")}:${i.message}`);

  it("accepts a valid signup", () => expect(messages({})).toEqual([]));
  it("wants a valid e-mail address", () =>
    expect(messages({ email: "nope" })).toEqual(["email:validation:emailInvalid"]));
  it("refuses a profile name equal to the e-mail address", () =>
    expect(messages({ name: "A@example.com" })).toContain("name:validation:nameEqualsEmail"));
  it("refuses a profile name starting with @", () =>
    expect(messages({ name: "@bram" })).toEqual(["name:validation:nameStartsWithAt"]));
  it("wants a real date of birth", () => {
    expect(messages({ date_of_birth: "" })).toEqual(["date_of_birth:validation:dateOfBirthRequired"]);
    expect(messages({ date_of_birth: "1990-02-30" })).toContain("date_of_birth:validation:dateOfBirthInvalid");
    expect(messages({ date_of_birth: "1850-01-01" })).toContain("date_of_birth:validation:dateOfBirthInvalid");
  });
  it("wants the minimum age, to the day", () => {
    expect(messages({ date_of_birth: "2008-11-24" })).toEqual(["date_of_birth:validation:tooYoung"]);
    expect(messages({ date_of_birth: "2008-11-23" })).toEqual([]);
  });
});

describe("activation", () => {
  it("makes the account active and the profile searchable, once", async () => {
    await signUp(accountsApp(), { form: form(), tracking: {} });
    const token = tokenIn((await mailsTo("eva@example.com"))[0]!.text);
    const { userId, sessionToken } = await activateAccount(accountsApp(), { token, loggedInAs: null });
    expect(sessionToken).not.toBeNull();
    const [user] = await db.select().from(users).where(eq(users.id, userId));
    const [profile] = await db.select().from(profiles).where(eq(profiles.userId, userId));
    expect(user).toMatchObject({ status: "active", confirmedAt: NOW });
    expect(profile).toMatchObject({ status: "active", searchable: 1 });
    expect(await outcome(activateAccount(accountsApp(), { token, loggedInAs: null }))).toBe("link_invalid");
  });

  it("keeps the session of the member who is already logged in", async () => {
    await signUp(accountsApp(), { form: form(), tracking: {} });
    const [user] = await db.select().from(users).where(eq(users.email, "eva@example.com"));
    const token = tokenIn((await mailsTo("eva@example.com"))[0]!.text);
    expect((await activateAccount(accountsApp(), { token, loggedInAs: user!.id })).sessionToken).toBeNull();
  });

  it("refuses an expired link", async () => {
    await signUp(accountsApp(), { form: form(), tracking: {} });
    const token = tokenIn((await mailsTo("eva@example.com"))[0]!.text);
    const later = accountsApp({ now: () => NOW + 31 * DAY });
    expect(await outcome(activateAccount(later, { token, loggedInAs: null }))).toBe("link_invalid");
  });

  it("sends the mail again, a few times a day at most", async () => {
    const time = clock();
    const { sessionToken } = await signUp(accountsApp(time), { form: form(), tracking: {} });
    const member = (await findSessionMember(db, sessionToken, NOW))!;
    for (let i = 0; i < 4; i++) expect(await resendActivation(accountsApp(time), member)).toEqual({ sent: true });
    expect(await outcome(resendActivation(accountsApp(time), member))).toBe("resend_limit");
    time.advance(DAY + 1);
    expect(await resendActivation(accountsApp(time), member)).toEqual({ sent: true });
    expect(await mailsTo("eva@example.com")).toHaveLength(6);
  });
});
