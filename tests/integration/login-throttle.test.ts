// Login throttling for members and operators: a guesser is slowed down where
// they guess from, and guessing spread over many addresses is stopped at the
// account, but never for the member's own trusted browser or address.
import { SELF } from "cloudflare:test";
import { and, count, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { logIn } from "#app/server/accounts/login.ts";
import { DAY } from "#app/server/accounts/tokens.ts";
import { loginAttempts, loginDevices, operators, users } from "#app/server/db/schema.ts";
import { forgetOldLoginAttempts } from "#app/server/limits/login-throttle.ts";
import { operatorLogIn, verifySecondFactor } from "#app/server/operators/login.ts";
import { findOperatorSession } from "#app/server/operators/session.ts";
import { currentTotp } from "#app/server/operators/totp.ts";
import { accountsApp, clock, db, failure, givenAccount, PASSWORD } from "./fixtures.ts";
import { givenOperator, TOTP_SECRET } from "./operator-fixtures.ts";

const MINUTE = 60_000;
const HOME = "203.0.113.7";
const STRANGER = "198.51.100.66";
const BLOCKED_15 = {
  error: "login_blocked",
  minutes: 15,
  message: "Te veel foute pogingen, account voor 15 min geblokkeerd.",
};

/** POST /api/user.php as a browser at `ip`, with the cookies it holds. */
async function apiLogin(email: string, password: string, client: { ip: string; cookie?: string; base?: string }) {
  const base = client.base ?? "http://localhost";
  const response = await SELF.fetch(`${base}/api/user.php`, {
    method: "POST",
    headers: {
      "X-Requested-With": "XMLHttpRequest",
      Origin: base,
      "Content-Type": "application/json",
      "CF-Connecting-IP": client.ip,
      ...(client.cookie ? { Cookie: client.cookie } : {}),
    },
    body: JSON.stringify({ email, password }),
  });
  const deviceHeader = response.headers.getSetCookie().find((c) => /^(__Host-)?device=/.test(c));
  return {
    status: response.status,
    body: (await response.json()) as Record<string, unknown>,
    deviceHeader,
    device: deviceHeader?.split(";")[0],
  };
}

/**
 * Thirty failures on an account from thirty addresses, straight into D1: each
 * real one costs a password hash (the doors' tests go the real way).
 */
async function givenSpreadFailures(subject: string, at: number) {
  const rows = Array.from({ length: 30 }, (_, i) => ({
    subject,
    client: `198.51.100.${i + 1}`,
    success: false,
    createdAt: at,
  }));
  for (let i = 0; i < rows.length; i += 10) await db.insert(loginAttempts).values(rows.slice(i, i + 10));
}

describe("members through POST /api/user.php", () => {
  it("a stranger failing again and again elsewhere does not lock the member out", async () => {
    await givenAccount({ email: "ann@example.com" });
    for (let i = 0; i < 8; i++) await apiLogin("ann@example.com", `guess-${i}`, { ip: STRANGER });
    const member = await apiLogin("ann@example.com", PASSWORD, { ip: HOME });
    expect(member.body).toMatchObject({ user: { email: "ann@example.com" } });
    expect(member.status).toBe(200);
  });

  it("tells the guesser, in Dutch, for how many minutes they are blocked", async () => {
    await givenAccount({ email: "ann@example.com" });
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await apiLogin("ann@example.com", "wrong", { ip: STRANGER })).status);
    expect(statuses).toEqual([401, 401, 401, 401]);
    const fifth = await apiLogin("ann@example.com", "wrong", { ip: STRANGER });
    expect(fifth.status).toBe(429);
    expect(fifth.body).toEqual(BLOCKED_15);
    // While blocked even the right password is refused there: the guesser learns nothing.
    const right = await apiLogin("ann@example.com", PASSWORD, { ip: STRANGER });
    expect(right.status).toBe(429);
    expect(right.body).toEqual(BLOCKED_15);
  });

  it("stops guessing spread over many addresses, except for the member's trusted clients", {
    timeout: 120_000,
  }, async () => {
    await givenAccount({ email: "ann@example.com" });
    const first = await apiLogin("ann@example.com", PASSWORD, { ip: HOME });
    expect(first.status).toBe(200);
    expect(first.device).toMatch(/^device=[A-Za-z0-9_-]{43}$/);

    const statuses: number[] = [];
    for (let i = 0; i < 40; i++) {
      statuses.push((await apiLogin("ann@example.com", `guess-${i}`, { ip: `198.51.100.${i + 1}` })).status);
    }
    // A browser that earned its device cookie here gets in from anywhere…
    const withCookie = await apiLogin("ann@example.com", PASSWORD, { ip: "192.0.2.201", cookie: first.device });
    expect(withCookie.status).toBe(200);
    // …and so does the address the member logged in from before, without a cookie.
    expect((await apiLogin("ann@example.com", PASSWORD, { ip: HOME })).status).toBe(200);
    // A new address is refused even with the right password.
    const stranger = await apiLogin("ann@example.com", PASSWORD, { ip: "192.0.2.200" });
    expect(stranger.status).toBe(429);
    expect(stranger.body).toMatchObject({ error: "login_blocked", message: expect.stringMatching(/geblokkeerd/) });
    // Thirty failures from anywhere: the thirtieth already answers with the block.
    expect(statuses).toEqual([...Array(29).fill(401), ...Array(11).fill(429)]);
  });

  it("sets the device cookie HttpOnly, SameSite=Lax, on / for 180 days, Secure and __Host- on https", async () => {
    await givenAccount({ email: "ann@example.com" });
    const plain = await apiLogin("ann@example.com", PASSWORD, { ip: HOME });
    expect(plain.deviceHeader).toMatch(/^device=[A-Za-z0-9_-]{43}; Max-Age=15552000; Path=\/; HttpOnly; SameSite=Lax$/);
    const secure = await apiLogin("ann@example.com", PASSWORD, { ip: HOME, base: "https://localhost" });
    expect(secure.deviceHeader).toMatch(
      /^__Host-device=[A-Za-z0-9_-]{43}; Max-Age=15552000; Path=\/; HttpOnly; Secure; SameSite=Lax$/,
    );
    // No cookie for a failed login.
    expect((await apiLogin("ann@example.com", "wrong", { ip: HOME })).deviceHeader).toBeUndefined();
  });
});

describe("member login rules (injected clock)", () => {
  const EMAIL = "ann@example.com";

  const spreadGuesses = (time: ReturnType<typeof clock>) => givenSpreadFailures(EMAIL, time.now());
  const attempt = (
    time: ReturnType<typeof clock>,
    input: { ip: string; password?: string; deviceToken?: string; email?: string },
  ) =>
    logIn(accountsApp(time), {
      email: input.email ?? EMAIL,
      password: input.password ?? PASSWORD,
      ip: input.ip,
      deviceToken: input.deviceToken,
    });

  it("blocks a pair for 15 minutes after five failures and counts again after that", async () => {
    await givenAccount({ email: EMAIL });
    const time = clock();
    for (let i = 0; i < 4; i++) {
      expect(await failure(attempt(time, { ip: STRANGER, password: "wrong" }))).toEqual({ code: "login_failed" });
      time.advance(MINUTE);
    }
    expect(await failure(attempt(time, { ip: STRANGER, password: "wrong" }))).toEqual({
      code: "login_blocked",
      minutes: 11,
    });
    expect(await failure(attempt(time, { ip: HOME }))).toBeNull();
    time.advance(11 * MINUTE);
    expect(await failure(attempt(time, { ip: STRANGER }))).toBeNull();
  });

  it("forgets a pair's failures once the member gets in from there", async () => {
    await givenAccount({ email: EMAIL });
    const time = clock();
    for (let i = 0; i < 4; i++) await failure(attempt(time, { ip: HOME, password: "typo" }));
    await attempt(time, { ip: HOME });
    time.advance(MINUTE);
    for (let i = 0; i < 4; i++) {
      expect(await failure(attempt(time, { ip: HOME, password: "typo" }))).toEqual({ code: "login_failed" });
    }
    expect(await failure(attempt(time, { ip: HOME, password: "typo" }))).toEqual({
      code: "login_blocked",
      minutes: 15,
    });
  });

  it("still counts a trusted client's own failures: five block it", async () => {
    await givenAccount({ email: EMAIL });
    const time = clock();
    const { deviceToken } = await attempt(time, { ip: HOME });
    await spreadGuesses(time);
    for (let i = 0; i < 4; i++) {
      expect(await failure(attempt(time, { ip: HOME, deviceToken, password: "typo" }))).toEqual({
        code: "login_failed",
      });
    }
    expect(await failure(attempt(time, { ip: HOME, deviceToken, password: "typo" }))).toEqual({
      code: "login_blocked",
      minutes: 15,
    });
    expect(await failure(attempt(time, { ip: HOME, deviceToken }))).toEqual({ code: "login_blocked", minutes: 15 });
  });

  it("lets the member's browser in at an address a stranger has blocked", async () => {
    await givenAccount({ email: EMAIL });
    const time = clock();
    const { deviceToken } = await attempt(time, { ip: "192.0.2.1" });
    // Someone behind the same shared address tries the member's account and then many others.
    for (let i = 0; i < 5; i++) await failure(attempt(time, { ip: HOME, password: "wrong" }));
    for (let i = 0; i < 15; i++) {
      await failure(attempt(time, { ip: HOME, email: `other${i}@example.com`, password: "wrong" }));
    }
    expect(await failure(attempt(time, { ip: HOME }))).toMatchObject({ code: "login_blocked" });
    expect(await failure(attempt(time, { ip: HOME, email: "new@example.com" }))).toMatchObject({
      code: "login_blocked",
    });
    expect(await failure(attempt(time, { ip: HOME, deviceToken }))).toBeNull();
  });

  it("lifts the account-wide block when the spread failures are 15 minutes old", async () => {
    await givenAccount({ email: EMAIL });
    const time = clock();
    await spreadGuesses(time);
    expect(await failure(attempt(time, { ip: "192.0.2.200" }))).toEqual({ code: "login_blocked", minutes: 15 });
    time.advance(15 * MINUTE);
    expect(await failure(attempt(time, { ip: "192.0.2.200" }))).toBeNull();
  });

  it("trusts a device cookie for its own account only, for 180 days, and renews it at each login", async () => {
    await givenAccount({ email: EMAIL });
    await givenAccount({ email: "bob@example.com" });
    const time = clock();
    const { deviceToken: first } = await attempt(time, { ip: HOME });
    const { deviceToken: bobs } = await attempt(time, { ip: HOME, email: "bob@example.com" });
    time.advance(DAY);
    await spreadGuesses(time);
    // Bob's cookie in the same browser does not speak for Ann.
    expect(await failure(attempt(time, { ip: "192.0.2.9", deviceToken: bobs }))).toMatchObject({
      code: "login_blocked",
    });
    const { deviceToken: second } = await attempt(time, { ip: "192.0.2.9", deviceToken: first });
    expect(second).not.toBe(first);
    // The cookie it replaced is worth nothing any more.
    expect(await failure(attempt(time, { ip: "192.0.2.10", deviceToken: first }))).toMatchObject({
      code: "login_blocked",
    });
    time.advance(180 * DAY);
    await spreadGuesses(time);
    expect(await failure(attempt(time, { ip: "192.0.2.11", deviceToken: second }))).toMatchObject({
      code: "login_blocked",
    });
  });

  it("trusts an address for 30 days after a successful login there", async () => {
    await givenAccount({ email: EMAIL });
    const time = clock();
    await attempt(time, { ip: HOME });
    time.advance(29 * DAY);
    await forgetOldLoginAttempts(accountsApp(time), time.now());
    await spreadGuesses(time);
    expect(await failure(attempt(time, { ip: HOME }))).toBeNull();
    time.advance(30 * DAY + MINUTE);
    await forgetOldLoginAttempts(accountsApp(time), time.now());
    await spreadGuesses(time);
    expect(await failure(attempt(time, { ip: HOME }))).toMatchObject({ code: "login_blocked" });
  });

  it("remembers the ten browsers that logged in last", async () => {
    await givenAccount({ email: EMAIL });
    const time = clock();
    const tokens = [];
    for (let i = 0; i < 11; i++) {
      tokens.push((await attempt(time, { ip: HOME })).deviceToken);
      time.advance(MINUTE);
    }
    expect(await db.select({ n: count() }).from(loginDevices)).toEqual([{ n: 10 }]);
    await spreadGuesses(time);
    expect(await failure(attempt(time, { ip: "192.0.2.9", deviceToken: tokens[0] }))).toMatchObject({
      code: "login_blocked",
    });
    expect(await failure(attempt(time, { ip: "192.0.2.9", deviceToken: tokens[1] }))).toBeNull();
  });

  it("hourly housekeeping keeps failures a day, successes 30 days and devices until they expire", async () => {
    await givenAccount({ email: EMAIL });
    const time = clock();
    await attempt(time, { ip: HOME });
    await failure(attempt(time, { ip: STRANGER, password: "wrong" }));
    const rows = async () => [
      (await db.select({ n: count() }).from(loginAttempts))[0]!.n,
      (await db.select({ n: count() }).from(loginDevices))[0]!.n,
    ];
    expect(await rows()).toEqual([2, 1]);
    await forgetOldLoginAttempts(accountsApp(time), time.now() + DAY + 1);
    expect(await rows()).toEqual([1, 1]);
    await forgetOldLoginAttempts(accountsApp(time), time.now() + 30 * DAY + 1);
    expect(await rows()).toEqual([0, 1]);
    await forgetOldLoginAttempts(accountsApp(time), time.now() + 180 * DAY + 1);
    expect(await rows()).toEqual([0, 0]);
  });
});

describe("the operator console's login (injected clock)", () => {
  const operatorApp = (time: ReturnType<typeof clock>) => ({ ...accountsApp(time), requestId: "req-login-test" });

  it("is not locked by a stranger elsewhere, and tells the stranger for how long they are blocked", async () => {
    const operator = await givenOperator("support", { verified: false });
    const time = clock();
    const tries = [];
    for (let i = 0; i < 7; i++) {
      tries.push(
        await failure(operatorLogIn(operatorApp(time), { email: operator.email, password: "x", ip: STRANGER })),
      );
    }
    expect(tries).toEqual([
      ...Array(4).fill({ code: "operator_login_failed" }),
      ...Array(3).fill({ code: "operator_login_blocked", minutes: 15 }),
    ]);
    expect(
      await failure(operatorLogIn(operatorApp(time), { email: operator.email, password: PASSWORD, ip: STRANGER })),
    ).toEqual({ code: "operator_login_blocked", minutes: 15 });
    const own = await operatorLogIn(operatorApp(time), { email: operator.email, password: PASSWORD, ip: HOME });
    expect(own.next).toBe("verify");
  });

  it("stops guessing spread over many addresses, except for the operator's trusted clients", {
    timeout: 120_000,
  }, async () => {
    const operator = await givenOperator("admin", { verified: false });
    const time = clock();
    const { deviceToken } = await operatorLogIn(operatorApp(time), {
      email: operator.email,
      password: PASSWORD,
      ip: HOME,
    });
    expect(deviceToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const codes = [];
    for (let i = 0; i < 40; i++) {
      const ip = `198.51.100.${i + 1}`;
      codes.push((await failure(operatorLogIn(operatorApp(time), { email: operator.email, password: "x", ip })))?.code);
    }
    const login = (ip: string, token?: string) =>
      failure(operatorLogIn(operatorApp(time), { email: operator.email, password: PASSWORD, ip, deviceToken: token }));
    expect(await login("192.0.2.201", deviceToken)).toBeNull();
    expect(await login(HOME)).toBeNull();
    expect(await login("192.0.2.200")).toEqual({ code: "operator_login_blocked", minutes: 15 });
    expect(codes).toEqual([...Array(29).fill("operator_login_failed"), ...Array(11).fill("operator_login_blocked")]);
  });

  it("keeps members' and operators' counts apart for the same address", async () => {
    const operator = await givenOperator("moderator", { verified: false });
    await givenAccount({ email: operator.email });
    const time = clock();
    await givenSpreadFailures(operator.email, time.now());
    expect(
      await failure(logIn(accountsApp(time), { email: operator.email, password: PASSWORD, ip: "192.0.2.200" })),
    ).toMatchObject({ code: "login_blocked" });
    expect(
      await failure(operatorLogIn(operatorApp(time), { email: operator.email, password: PASSWORD, ip: "192.0.2.200" })),
    ).toBeNull();
  });
});

describe("the password step both doors share (injected clock)", () => {
  const failures = async (subject: string) =>
    (await db.select().from(loginAttempts).where(eq(loginAttempts.subject, subject))).filter((row) => !row.success)
      .length;

  it("tells a banned member so for the right password only, and counts their wrong ones", async () => {
    const member = await givenAccount({ email: "ann@example.com" });
    await db.update(users).set({ status: "banned" }).where(eq(users.id, member));
    const time = clock();
    const attempt = (password: string) =>
      failure(logIn(accountsApp(time), { email: "ann@example.com", password, ip: STRANGER }));
    expect(await attempt(PASSWORD)).toEqual({ code: "account_banned" });
    expect(await failures("ann@example.com")).toBe(0);
    for (let i = 0; i < 4; i++) expect(await attempt("wrong")).toEqual({ code: "login_failed" });
    expect(await attempt("wrong")).toMatchObject({ code: "login_blocked" });
    expect(await attempt(PASSWORD)).toMatchObject({ code: "login_blocked" });
  });

  it("refuses an unknown address and a disabled operator like a wrong password, and counts them", async () => {
    const time = clock();
    expect(
      await failure(logIn(accountsApp(time), { email: "nobody@example.com", password: PASSWORD, ip: STRANGER })),
    ).toEqual({ code: "login_failed" });
    expect(await failures("nobody@example.com")).toBe(1);

    const operator = await givenOperator("support", { verified: false });
    await db.update(operators).set({ disabled: true }).where(eq(operators.id, operator.id));
    const app = { ...accountsApp(time), requestId: "req-disabled" };
    expect(await failure(operatorLogIn(app, { email: operator.email, password: PASSWORD, ip: STRANGER }))).toEqual({
      code: "operator_login_failed",
    });
    expect(await failures(`operator:${operator.email}`)).toBe(1);
  });
});

describe("the page doors: /login and /admin/login", () => {
  const postForm = (path: string, fields: Record<string, string>, client: { ip: string; cookie?: string }) =>
    SELF.fetch(`http://localhost${path}`, {
      method: "POST",
      redirect: "manual",
      headers: {
        "Content-Type": "application/x-www-form-urlencoded",
        Origin: "http://localhost",
        "CF-Connecting-IP": client.ip,
        ...(client.cookie ? { Cookie: client.cookie } : {}),
      },
      body: new URLSearchParams(fields),
    });
  const setCookie = (response: Response, name: string) =>
    response.headers.getSetCookie().find((c) => c.startsWith(`${name}=`));

  it("/login sets the member's device cookie and honours it while the account is under attack", async () => {
    await givenAccount({ email: "ann@example.com" });
    const form = { email: "ann@example.com", password: PASSWORD };
    const first = await postForm("/login", form, { ip: HOME });
    expect(first.status).toBe(302);
    const header = setCookie(first, "device");
    expect(header).toMatch(/^device=[A-Za-z0-9_-]{43}; Max-Age=15552000; Path=\/; HttpOnly; SameSite=Lax$/);
    const device = header!.split(";")[0]!;

    await givenSpreadFailures("ann@example.com", Date.now());
    const stranger = await postForm("/login", form, { ip: "192.0.2.200" });
    expect(stranger.status).toBe(429);
    expect(await stranger.text()).toContain("Te veel foute pogingen, account voor 15 min geblokkeerd.");
    const member = await postForm("/login", form, { ip: "192.0.2.201", cookie: device });
    expect(member.status).toBe(302);
    expect(setCookie(member, "device")).not.toContain(device);
  });

  it("/admin/login sets the operator's own device cookie and honours it while the account is under attack", async () => {
    const operator = await givenOperator("support", { verified: false });
    const form = { email: operator.email, password: PASSWORD };
    const first = await postForm("/admin/login", form, { ip: HOME });
    expect(first.status).toBe(302);
    expect(first.headers.get("location")).toMatch(/^\/admin\/login\/verify/);
    const header = setCookie(first, "operator_device");
    expect(header).toMatch(/^operator_device=[A-Za-z0-9_-]{43}; Max-Age=15552000; Path=\/; HttpOnly; SameSite=Strict$/);
    const device = header!.split(";")[0]!;

    await givenSpreadFailures(`operator:${operator.email}`, Date.now());
    const stranger = await postForm("/admin/login", form, { ip: "192.0.2.200" });
    expect(stranger.status).toBe(429);
    expect(await stranger.text()).toContain("Te veel mislukte pogingen; probeer het over 15 min opnieuw.");
    // The console reads only its own cookie, not the members' one.
    const memberCookie = await postForm("/admin/login", form, {
      ip: "192.0.2.201",
      cookie: device.replace(/^operator_/, ""),
    });
    expect(memberCookie.status).toBe(429);
    expect((await postForm("/admin/login", form, { ip: "192.0.2.201", cookie: device })).status).toBe(302);
  });
});

describe("counted in one step: guesses fired at once get no more tries than one after another", () => {
  const failedRows = async (subject: string) =>
    (
      await db
        .select({ n: count() })
        .from(loginAttempts)
        .where(and(eq(loginAttempts.subject, subject), eq(loginAttempts.success, false)))
    )[0]!.n;

  it("a member's password: twelve wrong guesses at once, five checked", { timeout: 120_000 }, async () => {
    await givenAccount({ email: "burst@example.com" });
    const time = clock();
    const codes = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        failure(logIn(accountsApp(time), { email: "burst@example.com", password: `guess-${i}`, ip: STRANGER })),
      ),
    );
    expect(await failedRows("burst@example.com")).toBe(5);
    expect(codes.filter((code) => code?.code === "login_failed")).toHaveLength(4);
    expect(codes.filter((code) => code?.code === "login_blocked")).toHaveLength(8);
  });

  /** An operator half signed in (password given) as often as asked, on the real clock the codes follow. */
  async function givenHalfSignedIn() {
    const operator = await givenOperator("support", { verified: false });
    const now = Date.now();
    const app = { ...accountsApp({ now: () => now }), requestId: "req-burst" };
    const halfway = async () => {
      const { token } = await operatorLogIn(app, { email: operator.email, password: PASSWORD, ip: HOME });
      return (await findOperatorSession(db, token, now))!;
    };
    return { operator, app, halfway, code: await currentTotp(TOTP_SECRET) };
  }

  it("an operator's second factor: twelve wrong codes at once, five checked", { timeout: 60_000 }, async () => {
    const { operator, app, halfway, code } = await givenHalfSignedIn();
    const wrong = String((Number(code) + 500_000) % 1_000_000).padStart(6, "0");
    const session = await halfway();
    const codes = await Promise.all(Array.from({ length: 12 }, () => failure(verifySecondFactor(app, session, wrong))));
    expect(await failedRows(`operator-code:${operator.id}`)).toBe(5);
    expect(codes.filter((answer) => answer?.code === "totp_invalid")).toHaveLength(4);
    expect(codes.filter((answer) => answer?.code === "operator_login_blocked")).toHaveLength(8);
  });

  it("an operator's right code sent twice at once works once", async () => {
    const { app, halfway, code } = await givenHalfSignedIn();
    const [first, second] = [await halfway(), await halfway()];
    const answers = await Promise.all([first, second].map((s) => failure(verifySecondFactor(app, s, code))));
    expect(answers.filter((answer) => answer === null)).toHaveLength(1);
    expect(answers.filter((answer) => answer?.code === "totp_invalid")).toHaveLength(1);
  });
});
