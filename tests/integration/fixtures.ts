// One-line builders for integration tests: company, regions, interests and
// members straight into D1 through the schema, with injected times.
import { createExecutionContext, env, SELF } from "cloudflare:test";
import { eq as equals } from "drizzle-orm";
import type { Gender } from "#app/schemas/enums.ts";
import type { AccountsContext } from "#app/server/accounts/context.ts";
import { hashPassword } from "#app/server/accounts/password.ts";
import type { SignupContext } from "#app/server/accounts/signup-cap.ts";
import { createDb, type Database } from "#app/server/db/client.ts";
import {
  companies,
  conversations,
  interests,
  mailOutbox,
  notificationSettings,
  photos,
  profileInterests,
  profiles,
  regions,
  users,
} from "#app/server/db/schema.ts";
import { DomainError } from "#app/server/errors.ts";
import { createLogger } from "#app/server/log.ts";
import { refreshHasPhoto } from "#app/server/photos/has-photo.ts";
import { builtInSettings } from "#app/server/settings/defaults.ts";
import type { SiteSettings } from "#app/server/settings/schema.ts";

export const NOW = Date.UTC(2026, 10, 23, 12, 0, 0);
export const db: Database = createDb(env.DB);

let nextId = 1000;

export async function givenCompany(overrides: Partial<typeof companies.$inferInsert> = {}) {
  const [company] = await db
    .insert(companies)
    .values({
      id: 1,
      name: "Test Media B.V.",
      address: "Teststraat 1",
      postcode: "1000 AA",
      city: "Amsterdam",
      country: "NL",
      kvk: "12345678",
      tradenames: ["Test"],
      vatNumbers: ["NL000000000B01"],
      supportPhone: "+31 20-000 00 00",
      supportEmail: "support@test.example",
      added: Date.UTC(2024, 0, 1),
      ...overrides,
    })
    .onConflictDoNothing()
    .returning();
  return company;
}

export async function givenRegion(country: string, code: string, name: string) {
  const [region] = await db.insert(regions).values({ country, code, name, lat: 52, lon: 5 }).returning();
  return region!;
}

export async function givenInterest(slug: string, icon = "Heart") {
  const [interest] = await db.insert(interests).values({ slug, icon, position: nextId++ }).returning();
  return interest!;
}

export interface MemberInput {
  name?: string;
  gender?: Gender;
  country?: string;
  regionId?: number | null;
  dateOfBirth?: string;
  searchable?: boolean;
  fictional?: boolean;
  lastActivity?: number;
  interestIds?: number[];
  photos?: { isPrivate?: boolean; status?: "pending" | "active" | "rejected" }[];
}

export async function givenMember(input: MemberInput = {}) {
  const id = nextId++;
  await db.insert(users).values({
    id,
    email: `member${id}@test.example`,
    passwordHash: "!",
    status: "active",
    domain: "localhost",
    signupDate: NOW - 86_400_000,
  });
  await db.insert(profiles).values({
    userId: id,
    name: input.name ?? `Member ${id}`,
    gender: input.gender ?? "female",
    seeking: "male",
    sexuality: "hetero",
    dateOfBirth: input.dateOfBirth ?? "1990-05-05",
    country: input.country ?? "NL",
    regionId: input.regionId ?? null,
    fictional: input.fictional ?? false,
    status: "active",
    searchable: input.searchable === false ? 0 : 1,
    lastActivity: input.lastActivity ?? NOW - id,
  });
  for (const [position, photo] of (input.photos ?? []).entries()) {
    const [row] = await db
      .insert(photos)
      .values({
        userId: id,
        filename: `u/${id}/${position}.svg`,
        thumbFilename: `u/${id}/${position}-t.svg`,
        contentType: "image/svg+xml",
        status: photo.status ?? "active",
        isPrivate: photo.isPrivate ?? false,
        position,
        createdAt: NOW,
      })
      .returning();
    if (position === 0) await db.update(profiles).set({ mainPhotoId: row!.id }).where(equals(profiles.userId, id));
  }
  await refreshHasPhoto(db, id);
  if (input.interestIds?.length) {
    await db.insert(profileInterests).values(input.interestIds.map((interestId) => ({ userId: id, interestId })));
  }
  return id;
}

/**
 * A member's own choice of offers ("promotions") and news, which are off until
 * they choose them: by default both kinds, by mail and push.
 */
export async function givenOffersChoice(
  userId: number,
  choice: { email: boolean; push: boolean } = { email: true, push: true },
  types: readonly ("promotions" | "news")[] = ["promotions", "news"],
) {
  await db
    .insert(notificationSettings)
    .values(types.map((type) => ({ userId, type, ...choice })))
    .onConflictDoUpdate({
      target: [notificationSettings.userId, notificationSettings.type],
      set: { email: choice.email, push: choice.push },
    });
}

/** A request context for calling domain functions directly. */
export function appContext(settings: Partial<SiteSettings> = {}, now = NOW) {
  return { db, env, settings: { ...builtInSettings, ...settings }, now: () => now };
}

export async function givenDomainSettings(domain: string, settings: unknown) {
  await env.SETTINGS.put(`domain:${domain}`, JSON.stringify(settings));
}

// ---- Accounts ---------------------------------------------------------------

export const PASSWORD = "correct horse battery";
let passwordHash: Promise<string> | null = null;
/**
 * The given accounts' password, as a real argon2id hash at the lowest cost
 * (64 KiB, one pass). Logins verify it through the product's own code, with
 * the cost the hash names: a millisecond instead of the quarter of a second
 * of the production cost, which tests of counting and throttling would pay
 * at every attempt. Signups and password changes in tests still hash at the
 * production cost.
 */
export const knownPasswordHash = () => (passwordHash ??= hashPassword(PASSWORD, { m: 64, t: 1, p: 1 }));

/** A clock tests move by hand. */
export function clock(start = NOW) {
  let now = start;
  return { now: () => now, advance: (ms: number) => (now += ms), set: (at: number) => (now = at) };
}

const background: Promise<unknown>[] = [];

/** An execution context whose waitUntil work tests can wait for (see setup.ts). */
function testExecutionContext(): ExecutionContext {
  const ctx = createExecutionContext();
  return Object.assign(ctx, {
    waitUntil: (promise: Promise<unknown>) => {
      background.push(promise.catch(() => {}));
    },
  });
}

/** Waits for everything rules left running after their answer (mail delivery...). */
export async function settleBackgroundWork() {
  while (background.length) await Promise.all(background.splice(0));
}

/** A request's context for account rules, from a client without an address (as the local dev server's). */
export function accountsApp(
  options: { now?: () => number; settings?: Partial<SiteSettings>; locale?: AccountsContext["locale"] } = {},
): SignupContext {
  return {
    db,
    env,
    ctx: testExecutionContext(),
    settings: { ...builtInSettings, ...options.settings },
    locale: options.locale ?? "nl",
    country: "NL",
    now: options.now ?? (() => NOW),
    origin: "http://localhost",
    domain: "localhost",
    log: createLogger("test"),
    clientIp: "local",
  };
}

export async function givenAccount(
  input: MemberInput & { email?: string; status?: "not_confirmed" | "active" | "deleted"; deletedAt?: number } = {},
) {
  const id = await givenMember(input);
  await db
    .update(users)
    .set({
      email: input.email ?? `member${id}@test.example`,
      passwordHash: await knownPasswordHash(),
      status: input.status ?? "active",
      deletedAt: input.deletedAt ?? null,
      confirmedAt: input.status === "not_confirmed" ? null : NOW - 1000,
    })
    .where(equals(users.id, id));
  return id;
}

/** Mails in the outbox to an address, newest first. */
export async function mailsTo(address: string) {
  const rows = await db.select().from(mailOutbox).where(equals(mailOutbox.to, address));
  return rows.sort((a, b) => b.id - a.id);
}

/** The token of the first link in a mail's text version. */
export function tokenIn(text: string): string {
  const match = /[?&]token=([A-Za-z0-9_-]+)/.exec(text);
  if (!match) throw new Error(`no link with a token in: ${text.slice(0, 200)}`);
  return match[1]!;
}

/** The code and parameters of a rule's refusal, or null when it went through. */
export const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: unknown) => {
      if (error instanceof DomainError) return { code: error.code, ...error.params };
      throw error;
    },
  );

/** A session cookie for a member, without a password round trip. */
export async function sessionCookieFor(userId: number, now = Date.now()) {
  const { startSession } = await import("#app/server/accounts/session.ts");
  const { token, statement } = await startSession(db, { userId, now });
  await statement;
  return `session=${token}`;
}

/** Gives a member credits the proper way: a purchase recorded in D1 and applied to their wallet. */
export async function givenCredits(userId: number, amount: number, key = `test-purchase:${userId}:${amount}`) {
  const { recordCredit, applyMovements } = await import("#app/server/credits/movements.ts");
  await recordCredit(db, { userId, amount, reason: "purchase", idempotencyKey: key, now: NOW });
  await applyMovements(appContext(), userId);
}

/** A member's wallet: its balance and movements, newest first (what the console and the data export read). */
export async function walletOfMember(userId: number) {
  const { walletOf } = await import("#app/server/credits/wallet.ts");
  const wallet = walletOf(env, userId);
  return { ...(await wallet.state()), ledger: await wallet.ledger({ limit: 500 }) };
}

// ---- Chat -------------------------------------------------------------------

/** The site the integration Worker answers as; chat sockets must come from it. */
export const SITE = "http://localhost";

/** Headers of a same-origin API call by the member with this cookie. */
export const apiHeaders = (cookie: string) => ({
  Cookie: cookie,
  Origin: SITE,
  "X-Requested-With": "XMLHttpRequest",
  "Content-Type": "application/json",
});

/** Ann and Bob with a conversation Ann started, each with a session cookie. */
export async function givenConversation(options: { paid?: boolean } = {}) {
  const ann = await givenAccount({ name: "Ann" });
  const bob = await givenAccount({ name: "Bob", gender: "male" });
  if (options.paid) await db.update(users).set({ paidUser: true }).where(equals(users.id, ann));
  const { startConversation } = await import("#app/server/chat/conversations.ts");
  const conversation = await startConversation(appContext(), { id: ann, paidUser: !!options.paid }, bob);
  return { ann, bob, conversation, annCookie: await sessionCookieFor(ann), bobCookie: await sessionCookieFor(bob) };
}

export type ChatFrame = import("#app/schemas/chat.ts").ServerFrame;

/** A chat socket opened from the site's own pages, with every frame it receives and how it closed. */
export async function chatSocket(cookie: string, conversation: number) {
  const response = await SELF.fetch(`${SITE}/api/chat/socket?conversation=${conversation}`, {
    headers: { Cookie: cookie, Origin: SITE, Upgrade: "websocket" },
  });
  if (response.status !== 101) throw new Error(`the socket was refused: ${response.status} ${await response.text()}`);
  const ws = response.webSocket!;
  ws.accept();
  const frames: ChatFrame[] = [];
  const state: { closed: number | null } = { closed: null };
  ws.addEventListener("message", (event) => {
    frames.push(JSON.parse(String(event.data)) as ChatFrame);
  });
  ws.addEventListener("close", (event) => {
    state.closed = event.code;
  });
  return {
    ws,
    frames,
    /** The close code once the socket is closed, else null. */
    get closed() {
      return state.closed;
    },
    send: (frame: unknown) => ws.send(JSON.stringify(frame)),
  };
}

/** Waits (up to `ms`) until `check` holds; false if it never did. */
export async function eventually(check: () => boolean, ms = 3000) {
  for (let waited = 0; waited < ms && !check(); waited += 10) await new Promise((r) => setTimeout(r, 10));
  return check();
}

/** Waits until the room's summary behind its messages (unread counts, chat lists) has counted up to `seq`. */
export async function summaryReached(conversation: number, seq: number, ms = 3000) {
  const reached = async () =>
    ((
      await db.select({ seq: conversations.lastSeq }).from(conversations).where(equals(conversations.id, conversation))
    )[0]?.seq ?? 0) >= seq;
  for (let waited = 0; waited < ms && !(await reached()); waited += 20) await new Promise((r) => setTimeout(r, 20));
  return reached();
}

/**
 * "ok", or the code of the DomainError a rule refused with. Anything else
 * thrown (a crash) is thrown again, so it fails the test rather than passing
 * as a code that merely differs from the one a check rules out.
 */
export const outcome = (promise: Promise<unknown>) =>
  promise.then(
    () => "ok",
    (error: unknown) => {
      if (error instanceof DomainError) return error.code;
      throw error;
    },
  );

/** The sum of a member's wallet ledger: their balance must always equal it. */
export async function walletLedgerSum(userId: number) {
  const { ledger } = await walletOfMember(userId);
  return ledger.reduce((sum, row) => sum + row.delta, 0);
}
