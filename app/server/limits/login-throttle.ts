// Login throttling, one set of rules for members and for operators (a subject
// prefix keeps their accounts apart). A guesser is slowed down where they
// guess from, never the account's owner somewhere else: failures count per
// account and client, and per client address. Guessing spread over many
// addresses is stopped by an account-wide count that refuses only clients the
// account does not trust: a browser holding a device cookie the account earned
// by logging in (OWASP's device cookies), or an address it logged in from
// lately. A browser with such a cookie is counted by its cookie rather than
// its address, so a stranger behind the same shared address cannot lock it out.
// Both doors check a password through checkLoginPassword, so neither can skip
// a step: the block before the check, the dummy hash for an unknown account,
// the failure counted. A try is written down (as a failure) before it is
// judged, and judged by the tries written before it: D1 writes one at a time,
// so guesses sent at the same moment are counted in order and get no more
// tries than guesses sent one after another. A try refused as blocked, or a
// right password, takes its row back or turns it into a success.
import { and, desc, eq, gt, inArray, isNull, lt, lte, notInArray, or, type SQL, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { verifyLoginPassword } from "#app/server/accounts/password.ts";
import { DAY, randomToken, sha256Hex } from "#app/server/accounts/tokens.ts";
import type { Database } from "#app/server/db/client.ts";
import { BITE, forgetInBites } from "#app/server/db/forget-in-bites.ts";
import { loginAttempts, loginDevices } from "#app/server/db/schema.ts";
import { DomainError, type ErrorCode } from "#app/server/errors.ts";
import { cookieHeader, readCookie } from "#app/server/http/cookies.ts";

export const LOGIN_WINDOW = 15 * 60_000;
/** Failures of one client on one account within the window that block that client there. */
const MAX_FAILURES_PER_PAIR = 5;
/** Failures from one address, on any accounts, that block the address. */
const MAX_FAILURES_PER_ADDRESS = 20;
/** Failures on one account, from anywhere, that block it for clients it does not trust. */
const MAX_FAILURES_PER_ACCOUNT = 30;
/** How long a successful login makes its address a trusted client of the account. */
const TRUSTED_ADDRESS_FOR = 30 * DAY;
const DEVICE_LIFETIME = 180 * DAY;
/** Browsers remembered per account: the oldest is forgotten when one more logs in. */
const MAX_DEVICES_PER_ACCOUNT = 10;

const doors = {
  member: {
    subject: (email: string) => email,
    blocked: "login_blocked",
    failed: "login_failed",
    owner: loginDevices.userId,
    cookie: "device",
    sameSite: "Lax",
  },
  operator: {
    subject: (email: string) => `operator:${email}`,
    blocked: "operator_login_blocked",
    failed: "operator_login_failed",
    owner: loginDevices.operatorId,
    // Like the console's session cookie.
    cookie: "operator_device",
    sameSite: "Strict",
  },
} as const;

export type LoginDoor = keyof typeof doors;

type ThrottleContext = { db: Database; now: () => number };

export interface LoginClient {
  door: LoginDoor;
  /** The address typed, as the door's schema normalised it. */
  email: string;
  /** The account behind that address, when there is one. */
  accountId: number | null;
  /** The client's network address. */
  address: string;
  /** The door's device cookie, when the browser sent one. */
  deviceToken?: string;
}

/** A client let through to the password check. */
export interface AdmittedClient {
  door: LoginDoor;
  subject: string;
  accountId: number | null;
  address: string;
  /** SHA-256 of the device cookie sent, and whether the account trusts it. */
  presented: string | null;
  device: string | null;
  /** The row this try claimed in login_attempts (see claimAttempt). */
  attempt: number;
}

/**
 * A login's password step: a blocked client is refused before its password is
 * checked (so a guesser learns nothing); a client with no usable account is
 * checked against the dummy hash, so it takes as long; a wrong password is
 * counted and refused. `refusedAs` refuses a right password with an answer of its own (a
 * banned member) without counting it. Answers the account and the client for
 * loginSucceeded.
 */
export async function checkLoginPassword<Account extends { passwordHash: string; refusedAs?: ErrorCode }>(
  app: ThrottleContext,
  client: LoginClient,
  password: string,
  account: Account | null,
): Promise<{ client: AdmittedClient & { accountId: number }; account: Account }> {
  const admitted = await admitLogin(app, client);
  const valid = await verifyLoginPassword(password, account?.passwordHash ?? null);
  if (valid && account?.refusedAs) {
    await takeBackAttempt(app.db, admitted.attempt);
    throw new DomainError(account.refusedAs);
  }
  if (!valid || !account || admitted.accountId === null) return loginFailed(app, admitted);
  return { client: { ...admitted, accountId: admitted.accountId }, account };
}

async function admitLogin(app: ThrottleContext, client: LoginClient): Promise<AdmittedClient> {
  const now = app.now();
  const token = client.deviceToken;
  const presented = token && token.length <= 200 ? await sha256Hex(token) : null;
  const subject = doors[client.door].subject(client.email);
  const device = presented && (await isTrustedDevice(app.db, client, presented, now)) ? presented : null;
  const attempt = await claimAttempt(app.db, { subject, client: client.address, device, now });
  const admitted: AdmittedClient = {
    door: client.door,
    subject,
    accountId: client.accountId,
    address: client.address,
    presented,
    device,
    attempt,
  };
  try {
    await refuseIfBlocked(app.db, admitted, now, lt(loginAttempts.id, attempt));
  } catch (error) {
    await takeBackAttempt(app.db, attempt);
    throw error;
  }
  return admitted;
}

/** A failed login stays counted and is refused: the failure that reaches a limit already answers with the block. */
async function loginFailed(app: ThrottleContext, client: AdmittedClient): Promise<never> {
  await refuseIfBlocked(app.db, client, app.now(), lte(loginAttempts.id, client.attempt));
  throw new DomainError(doors[client.door].failed);
}

/**
 * Writes a try down as a failure before it is judged, and answers its row:
 * the tries that count against it are the rows before it.
 */
export async function claimAttempt(
  db: Database,
  attempt: { subject: string; client?: string | null; device?: string | null; now: number },
) {
  const [row] = await db
    .insert(loginAttempts)
    .values({
      subject: attempt.subject,
      client: attempt.client ?? null,
      device: attempt.device ?? null,
      success: false,
      createdAt: attempt.now,
    })
    .returning({ id: loginAttempts.id });
  return row!.id;
}

/** A claimed try that does not count (refused before it was judged, or judged by a rule of its own). */
export function takeBackAttempt(db: Database, attempt: number) {
  return db.delete(loginAttempts).where(eq(loginAttempts.id, attempt));
}

/**
 * What a successful login writes (for the door's batch with the session), and
 * a new device token for its cookie. The cookie it replaces stops counting.
 */
export async function loginSucceeded(app: ThrottleContext, client: AdmittedClient & { accountId: number }) {
  const now = app.now();
  const { db } = app;
  const owner = doors[client.door].owner;
  const deviceToken = randomToken();
  const newestDevices = db
    .select({ id: loginDevices.id })
    .from(loginDevices)
    .where(eq(owner, client.accountId))
    .orderBy(desc(loginDevices.createdAt), desc(sql`rowid`))
    .limit(MAX_DEVICES_PER_ACCOUNT);
  const statements: [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]] = [
    db.update(loginAttempts).set({ success: true }).where(eq(loginAttempts.id, client.attempt)),
    db.insert(loginDevices).values({
      id: await sha256Hex(deviceToken),
      userId: client.door === "member" ? client.accountId : null,
      operatorId: client.door === "operator" ? client.accountId : null,
      createdAt: now,
      expiresAt: now + DEVICE_LIFETIME,
    }),
    db
      .delete(loginDevices)
      .where(
        or(
          client.presented ? eq(loginDevices.id, client.presented) : undefined,
          and(eq(owner, client.accountId), notInArray(loginDevices.id, newestDevices)),
        ),
      ),
  ];
  return { statements, deviceToken };
}

/**
 * Minutes a subject's failures within the window keep it blocked (0 when
 * free), for limits of their own; `counted` narrows them to the tries before
 * (or up to) a claimed one.
 */
export function blockedMinutes(db: Database, subject: string, max: number, now: number, counted?: SQL) {
  return minutesLeft(db, and(eq(loginAttempts.subject, subject), counted), max, now);
}

/**
 * Hourly housekeeping: failures are kept a day, successes as long as they make
 * an address trusted, second-factor records (no client address) a day. Each
 * rule is a bounded bite at a time, found through an index on what it reads.
 */
export async function forgetOldLoginAttempts(app: { db: Database }, now: number) {
  const { db } = app;
  const due = [
    and(eq(loginAttempts.success, false), lt(loginAttempts.createdAt, now - DAY)),
    and(eq(loginAttempts.success, true), lt(loginAttempts.createdAt, now - TRUSTED_ADDRESS_FOR)),
    and(isNull(loginAttempts.client), lt(loginAttempts.createdAt, now - DAY)),
  ];
  let forgotten = 0;
  for (const condition of due) {
    const bite = db.select({ id: loginAttempts.id }).from(loginAttempts).where(condition).limit(BITE);
    forgotten += await forgetInBites(() => db.delete(loginAttempts).where(inArray(loginAttempts.id, bite)).run());
  }
  await db.delete(loginDevices).where(lte(loginDevices.expiresAt, now));
  return forgotten;
}

// ---- The device cookie --------------------------------------------------------

const isHttps = (request: Request) => new URL(request.url).protocol === "https:";

/** `__Host-` binds the cookie to this host, path / and https; plain http (local) cannot use it. */
const deviceCookieName = (request: Request, door: LoginDoor) =>
  `${isHttps(request) ? "__Host-" : ""}${doors[door].cookie}`;

export const readDeviceToken = (request: Request, door: LoginDoor) =>
  readCookie(request, deviceCookieName(request, door));

/** HttpOnly, path /, Secure on https, for as long as the device is trusted. */
export function deviceCookie(request: Request, door: LoginDoor, token: string) {
  return cookieHeader(request, deviceCookieName(request, door), token, {
    httpOnly: true,
    sameSite: doors[door].sameSite,
    maxAge: DEVICE_LIFETIME / 1000,
  });
}

// ---- The rules ------------------------------------------------------------------

/** Refuses a client the failures `counted` (the rows before or up to its own try) block. */
async function refuseIfBlocked(db: Database, client: AdmittedClient, now: number, counted: SQL) {
  const subject = and(eq(loginAttempts.subject, client.subject), counted);
  // A trusted browser is its own client wherever it is; anyone else is their address.
  const own = client.device ? eq(loginAttempts.device, client.device) : eq(loginAttempts.client, client.address);
  const lastSuccess = db
    .select({ id: sql`coalesce(max(${loginAttempts.id}), 0)` })
    .from(loginAttempts)
    .where(and(subject, own, eq(loginAttempts.success, true)));
  const [pair, address, account] = await Promise.all([
    // A success there forgets the pair's earlier failures (a member who mistyped).
    minutesLeft(db, and(subject, own, sql`${loginAttempts.id} > (${lastSuccess})`), MAX_FAILURES_PER_PAIR, now),
    client.device
      ? 0
      : minutesLeft(db, and(eq(loginAttempts.client, client.address), counted), MAX_FAILURES_PER_ADDRESS, now),
    minutesLeft(db, subject, MAX_FAILURES_PER_ACCOUNT, now),
  ]);
  const accountWide = account > 0 && !(client.device || (await isTrustedAddress(db, client, now))) ? account : 0;
  const minutes = Math.max(pair, address, accountWide);
  if (minutes > 0) throw new DomainError(doors[client.door].blocked, { minutes });
}

async function minutesLeft(db: Database, where: SQL | undefined, max: number, now: number) {
  const failures = await db
    .select({ at: loginAttempts.createdAt })
    .from(loginAttempts)
    .where(and(where, eq(loginAttempts.success, false), gt(loginAttempts.createdAt, now - LOGIN_WINDOW)))
    .orderBy(desc(loginAttempts.createdAt))
    .limit(max);
  if (failures.length < max) return 0;
  return Math.max(1, Math.ceil((failures[max - 1]!.at + LOGIN_WINDOW - now) / 60_000));
}

async function isTrustedDevice(db: Database, client: LoginClient, hash: string, now: number) {
  if (client.accountId === null) return false;
  const [row] = await db
    .select({ id: loginDevices.id })
    .from(loginDevices)
    .where(
      and(eq(loginDevices.id, hash), eq(doors[client.door].owner, client.accountId), gt(loginDevices.expiresAt, now)),
    )
    .limit(1);
  return Boolean(row);
}

async function isTrustedAddress(db: Database, client: AdmittedClient, now: number) {
  const [row] = await db
    .select({ id: loginAttempts.id })
    .from(loginAttempts)
    .where(
      and(
        eq(loginAttempts.subject, client.subject),
        eq(loginAttempts.client, client.address),
        eq(loginAttempts.success, true),
        gt(loginAttempts.createdAt, now - TRUSTED_ADDRESS_FOR),
      ),
    )
    .limit(1);
  return Boolean(row);
}
