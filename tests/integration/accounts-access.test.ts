import { env } from "cloudflare:test";
import { count, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  changePassword,
  confirmEmailChange,
  requestEmailChange,
  setInvisible,
} from "#app/server/accounts/account-settings.ts";
import {
  acceptRetentionOffer,
  deleteAccount,
  reactivateAccount,
  requestReactivation,
} from "#app/server/accounts/deletion.ts";
import { logIn } from "#app/server/accounts/login.ts";
import { requestPasswordReset, resetPassword } from "#app/server/accounts/password-reset.ts";
import { endSession, findSessionMember, type SessionMember } from "#app/server/accounts/session.ts";
import { DAY, HOUR } from "#app/server/accounts/tokens.ts";
import { photos, profiles, sessions, users } from "#app/server/db/schema.ts";
import { runHourly } from "#app/server/jobs/hourly.ts";
import { LOGIN_WINDOW } from "#app/server/limits/login-throttle.ts";
import { createLogger } from "#app/server/log.ts";
import {
  accountsApp,
  clock,
  db,
  failure,
  givenAccount,
  givenCompany,
  mailsTo,
  NOW,
  PASSWORD,
  tokenIn,
} from "./fixtures.ts";

async function loggedIn(email: string, app = accountsApp()): Promise<SessionMember & { token: string }> {
  const { sessionToken } = await logIn(app, { email, password: PASSWORD, ip: "10.0.0.1" });
  return { ...(await findSessionMember(db, sessionToken, app.now()))!, token: sessionToken };
}

describe("login", () => {
  it("starts a session with the right password and refuses a wrong one", async () => {
    await givenAccount({ email: "ann@example.com" });
    const member = await loggedIn("ann@example.com");
    expect(member.email).toBe("ann@example.com");
    expect(
      await failure(logIn(accountsApp(), { email: "ann@example.com", password: "wrong", ip: "10.0.0.1" })),
    ).toEqual({
      code: "login_failed",
    });
    expect(await failure(logIn(accountsApp(), { email: "nobody@example.com", password: "x", ip: "10.0.0.1" }))).toEqual(
      {
        code: "login_failed",
      },
    );
  });

  it("blocks a client on an account for some minutes after five failures, even for the right password", async () => {
    await givenAccount({ email: "ann@example.com" });
    const time = clock();
    const attempt = (password: string) =>
      failure(logIn(accountsApp(time), { email: "ann@example.com", password, ip: "10.0.0.1" }));
    for (let i = 0; i < 4; i++) {
      expect(await attempt("wrong")).toEqual({ code: "login_failed" });
      time.advance(60_000);
    }
    // Five failures between 0 and 4 minutes: free again when the first is 15 minutes old.
    expect(await attempt("wrong")).toEqual({ code: "login_blocked", minutes: 11 });
    expect(await attempt(PASSWORD)).toEqual({ code: "login_blocked", minutes: 11 });
    time.advance(11 * 60_000);
    expect(await attempt(PASSWORD)).toBeNull();
  });

  it("blocks a client that fails on many addresses", async () => {
    for (let i = 0; i < 20; i++) {
      const result = await failure(
        logIn(accountsApp(), { email: `guess${i}@example.com`, password: "x", ip: "203.0.113.9" }),
      );
      expect(result?.code).toBe(i < 19 ? "login_failed" : "login_blocked");
    }
    await givenAccount({ email: "real@example.com" });
    const other = await failure(
      logIn(accountsApp(), { email: "real@example.com", password: PASSWORD, ip: "203.0.113.9" }),
    );
    expect(other?.code).toBe("login_blocked");
    expect(
      await failure(logIn(accountsApp(), { email: "real@example.com", password: PASSWORD, ip: "10.9.9.9" })),
    ).toBeNull();
    expect(LOGIN_WINDOW).toBe(15 * 60_000);
  });

  it("does not let a deleted account in", async () => {
    await givenAccount({ email: "gone@example.com", status: "deleted", deletedAt: NOW - DAY });
    expect(
      (await failure(logIn(accountsApp(), { email: "gone@example.com", password: PASSWORD, ip: "1.1.1.1" })))?.code,
    ).toBe("login_failed");
  });
});

describe("sessions", () => {
  it("end at logout and expire after 30 days", async () => {
    await givenAccount({ email: "ann@example.com" });
    const member = await loggedIn("ann@example.com");
    expect(await findSessionMember(db, member.token, NOW + 29 * DAY)).not.toBeNull();
    expect(await findSessionMember(db, member.token, NOW + 30 * DAY + 1)).toBeNull();
    await endSession(db, member.token);
    expect(await findSessionMember(db, member.token, NOW)).toBeNull();
  });

  it("are at most 20 a member: logging in once more ends the oldest", async () => {
    await givenAccount({ email: "ann@example.com" });
    const time = clock();
    const tokens: string[] = [];
    for (let i = 0; i < 22; i++) {
      tokens.push((await loggedIn("ann@example.com", accountsApp(time))).token);
      time.advance(60_000);
    }
    expect(await db.select({ n: count() }).from(sessions)).toEqual([{ n: 20 }]);
    const live = async (token: string) => (await findSessionMember(db, token, time.now())) !== null;
    expect(await Promise.all(tokens.map(live))).toEqual(tokens.map((_, i) => i >= 2));
  });

  it("of other devices end when the password changes", async () => {
    await givenAccount({ email: "ann@example.com" });
    const here = await loggedIn("ann@example.com");
    const phone = await loggedIn("ann@example.com");
    await changePassword(accountsApp(), here, { current_password: PASSWORD, password: "a-new-password" });
    expect(await findSessionMember(db, here.token, NOW)).not.toBeNull();
    expect(await findSessionMember(db, phone.token, NOW)).toBeNull();
    expect(
      await failure(logIn(accountsApp(), { email: "ann@example.com", password: "a-new-password", ip: "1.1.1.1" })),
    ).toBeNull();
  });

  it("refuse a password change with a wrong current password", async () => {
    await givenAccount({ email: "ann@example.com" });
    const member = await loggedIn("ann@example.com");
    expect(
      await failure(changePassword(accountsApp(), member, { current_password: "nope", password: "whatever1" })),
    ).toEqual({
      code: "password_wrong",
    });
  });
});

describe("password reset", () => {
  it("answers an unknown address with 'E-mailadres niet gevonden'", async () => {
    expect(await failure(requestPasswordReset(accountsApp(), "nobody@example.com"))).toEqual({
      code: "email_not_found",
    });
  });

  it("sets a new password with a link that works once, and ends every old session", async () => {
    await givenAccount({ email: "ann@example.com" });
    const old = await loggedIn("ann@example.com");
    await requestPasswordReset(accountsApp(), "ann@example.com");
    const token = tokenIn((await mailsTo("ann@example.com"))[0]!.text);
    const { sessionToken } = await resetPassword(accountsApp(), { token, password: "brand-new-secret" });
    expect(await findSessionMember(db, old.token, NOW)).toBeNull();
    expect(await findSessionMember(db, sessionToken, NOW)).not.toBeNull();
    expect(await failure(resetPassword(accountsApp(), { token, password: "again-again" }))).toEqual({
      code: "link_invalid",
    });
  });

  it("refuses a link after two hours", async () => {
    await givenAccount({ email: "ann@example.com" });
    await requestPasswordReset(accountsApp(), "ann@example.com");
    const token = tokenIn((await mailsTo("ann@example.com"))[0]!.text);
    const later = accountsApp({ now: () => NOW + 2 * HOUR + 1 });
    expect(await failure(resetPassword(later, { token, password: "brand-new-secret" }))).toEqual({
      code: "link_invalid",
    });
  });

  it("sends at most three reset mails a day per address", async () => {
    await givenAccount({ email: "ann@example.com" });
    const time = clock();
    for (let i = 0; i < 3; i++) await requestPasswordReset(accountsApp(time), "ann@example.com");
    expect(await failure(requestPasswordReset(accountsApp(time), "ann@example.com"))).toEqual({ code: "reset_limit" });
    time.advance(DAY);
    expect(await failure(requestPasswordReset(accountsApp(time), "ann@example.com"))).toBeNull();
  });
});

describe("settings", () => {
  it("changes the e-mail address only when the new address confirms it", async () => {
    await givenAccount({ email: "ann@example.com" });
    await givenAccount({ email: "taken@example.com" });
    const member = await loggedIn("ann@example.com");
    expect(
      await failure(
        requestEmailChange(accountsApp(), member, { email: "taken@example.com", current_password: PASSWORD }),
      ),
    ).toEqual({ code: "email_taken" });
    await requestEmailChange(accountsApp(), member, { email: "ann.new@example.com", current_password: PASSWORD });
    const [mail] = await mailsTo("ann.new@example.com");
    expect(mail?.template).toBe("mail_change");
    expect((await db.select().from(users).where(eq(users.id, member.id)))[0]?.email).toBe("ann@example.com");
    await confirmEmailChange(accountsApp(), tokenIn(mail!.text));
    expect((await db.select().from(users).where(eq(users.id, member.id)))[0]?.email).toBe("ann.new@example.com");
  });

  it("hides an invisible member from search and shows them again", async () => {
    await givenAccount({ email: "ann@example.com" });
    const member = await loggedIn("ann@example.com");
    const searchable = async () =>
      (await db.select().from(profiles).where(eq(profiles.userId, member.id)))[0]?.searchable;
    await setInvisible(accountsApp(), member, true);
    expect(await searchable()).toBe(0);
    await setInvisible(accountsApp(), member, false);
    expect(await searchable()).toBe(1);
  });
});

describe("deleting an account", () => {
  it("offers the company's delete discount as a personal code, once", async () => {
    await givenCompany({ deleteDiscount: 40 });
    await givenAccount({ email: "ann@example.com" });
    const member = await loggedIn("ann@example.com");
    const offer = await acceptRetentionOffer(accountsApp(), member);
    expect(offer).toMatchObject({ percentage: 40, code: expect.stringMatching(/^STAY-/) });
    expect(await acceptRetentionOffer(accountsApp(), member)).toEqual(offer);
  });

  it("closes the account at once and lets it be reactivated by e-mail within 14 days", async () => {
    await givenAccount({ email: "ann@example.com" });
    const member = await loggedIn("ann@example.com");
    expect(await failure(deleteAccount(accountsApp(), member, { password: "wrong" }))).toEqual({
      code: "password_wrong",
    });
    await deleteAccount(accountsApp(), member, { password: PASSWORD });
    const [user] = await db.select().from(users).where(eq(users.id, member.id));
    const [profile] = await db.select().from(profiles).where(eq(profiles.userId, member.id));
    expect(user).toMatchObject({ status: "deleted", deletedAt: NOW });
    expect(profile).toMatchObject({ status: "disabled", searchable: 0 });
    expect(await findSessionMember(db, member.token, NOW)).toBeNull();

    const [mail] = await mailsTo("ann@example.com");
    expect(mail?.template).toBe("account_deleted");
    const in13days = accountsApp({ now: () => NOW + 13 * DAY });
    await reactivateAccount(in13days, { token: tokenIn(mail!.text) });
    expect((await db.select().from(users).where(eq(users.id, member.id)))[0]).toMatchObject({
      status: "active",
      deletedAt: null,
    });
    expect((await db.select().from(profiles).where(eq(profiles.userId, member.id)))[0]?.searchable).toBe(1);
  });

  it("sends a new reactivation link on request, but not after 14 days", async () => {
    await givenAccount({ email: "ann@example.com", status: "deleted", deletedAt: NOW - 10 * DAY });
    await requestReactivation(accountsApp(), "ann@example.com");
    expect((await mailsTo("ann@example.com"))[0]?.template).toBe("reactivation");
    const late = accountsApp({ now: () => NOW + 5 * DAY });
    expect(await failure(requestReactivation(late, "ann@example.com"))).toEqual({ code: "email_not_found" });
  });

  it("refuses reactivation links after the 14 days", async () => {
    await givenAccount({ email: "ann@example.com" });
    const member = await loggedIn("ann@example.com");
    await deleteAccount(accountsApp(), member, { password: PASSWORD });
    const token = tokenIn((await mailsTo("ann@example.com"))[0]!.text);
    expect(await failure(reactivateAccount(accountsApp({ now: () => NOW + 14 * DAY }), { token }))).toEqual({
      code: "link_invalid",
    });
  });

  it("removes the account and its photos for good 14 days after deletion, and not before", async () => {
    const recent = await givenAccount({ email: "recent@example.com", status: "deleted", deletedAt: NOW - 13 * DAY });
    const due = await givenAccount({
      email: "due@example.com",
      status: "deleted",
      deletedAt: NOW - 14 * DAY,
      photos: [{}, { isPrivate: true }],
    });
    for (const file of await db.select().from(photos).where(eq(photos.userId, due))) {
      await env.PHOTOS.put(file.filename, "x");
    }
    const result = await runHourly({ db, env, log: createLogger("test"), now: () => NOW });
    expect(result.accounts).toEqual({ purged: 1 });
    expect((await db.select({ id: users.id }).from(users)).map((u) => u.id)).toEqual([recent]);
    expect(await db.select({ n: count() }).from(photos)).toEqual([{ n: 0 }]);
    expect((await env.PHOTOS.list({ prefix: `u/${due}/` })).objects).toEqual([]);
    expect(await db.select({ n: count() }).from(sessions).where(eq(sessions.userId, due))).toEqual([{ n: 0 }]);
  });
});
