// Login (spec §4, §8): a failed login counts against the address and against
// the client; too many failures within the window block both for some minutes
// ("Te veel foute pogingen, account voor {minutes} min geblokkeerd."). While
// blocked the password is not even checked.
import { and, desc, eq, gt, lt, sql } from "drizzle-orm";
import { loginAttempts, users } from "#app/server/db/schema.ts";
import { DomainError } from "#app/server/errors.ts";
import type { AccountsContext } from "./context.ts";
import { verifyPassword } from "./password.ts";
import { startSession } from "./session.ts";

export const LOGIN_WINDOW = 15 * 60_000;
export const MAX_FAILURES_PER_ACCOUNT = 5;
export const MAX_FAILURES_PER_CLIENT = 20;

// Verified against when the address is unknown, so both cases take as long.
const DUMMY_HASH = "$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHRzYWx0c2FsdA$0v2Sa6rHnsQ8Ww9aKTn5uY8c2pmM9IlTB7SGLxNCu4U";

const subjects = (email: string, ip: string) => [
  { subject: email, max: MAX_FAILURES_PER_ACCOUNT },
  { subject: `ip:${ip}`, max: MAX_FAILURES_PER_CLIENT },
];

/** Minutes until a subject may try again, or 0 when it is not blocked. */
async function blockedMinutes(app: AccountsContext, subject: string, max: number, now: number): Promise<number> {
  const lastSuccess = app.db
    .select({ at: sql`coalesce(max(${loginAttempts.createdAt}), 0)` })
    .from(loginAttempts)
    .where(and(eq(loginAttempts.subject, subject), eq(loginAttempts.success, true)));
  const failures = await app.db
    .select({ at: loginAttempts.createdAt })
    .from(loginAttempts)
    .where(
      and(
        eq(loginAttempts.subject, subject),
        eq(loginAttempts.success, false),
        gt(loginAttempts.createdAt, now - LOGIN_WINDOW),
        sql`${loginAttempts.createdAt} > (${lastSuccess})`,
      ),
    )
    .orderBy(desc(loginAttempts.createdAt))
    .limit(max);
  if (failures.length < max) return 0;
  const freeAt = failures[max - 1]!.at + LOGIN_WINDOW;
  return Math.max(1, Math.ceil((freeAt - now) / 60_000));
}

async function throttle(app: AccountsContext, email: string, ip: string, now: number) {
  for (const { subject, max } of subjects(email, ip)) {
    const minutes = await blockedMinutes(app, subject, max, now);
    if (minutes > 0) throw new DomainError("login_blocked", { minutes });
  }
}

export async function logIn(
  app: AccountsContext,
  input: { email: string; password: string; ip: string; userAgent?: string | null },
) {
  const { db } = app;
  const now = app.now();
  await throttle(app, input.email, input.ip, now);

  const [user] = await db
    .select({ id: users.id, passwordHash: users.passwordHash, status: users.status, language: users.language })
    .from(users)
    .where(eq(users.email, input.email))
    .limit(1);
  const usable = user && user.status !== "deleted" && user.status !== "banned";
  const valid = await verifyPassword(
    input.password,
    user && user.status !== "deleted" ? user.passwordHash : DUMMY_HASH,
  );
  // A banned member who proves who they are is told so (the route sends them to /pages/ban).
  if (user?.status === "banned" && valid) throw new DomainError("account_banned");

  if (!usable || !valid) {
    await db
      .insert(loginAttempts)
      .values(subjects(input.email, input.ip).map(({ subject }) => ({ subject, success: false, createdAt: now })));
    // The failure that reaches the limit already answers with the block.
    await throttle(app, input.email, input.ip, now);
    throw new DomainError("login_failed");
  }

  const session = await startSession(db, { userId: user.id, now, userAgent: input.userAgent });
  await db.batch([
    session.statement,
    db.insert(loginAttempts).values({ subject: input.email, success: true, createdAt: now }),
    db.update(users).set({ lastLoginAt: now }).where(eq(users.id, user.id)),
  ]);
  return { userId: user.id, sessionToken: session.token, language: user.language };
}

/** Forgets attempts older than a day (hourly housekeeping). */
export function forgetOldLoginAttempts(app: Pick<AccountsContext, "db">, now: number) {
  return app.db.delete(loginAttempts).where(lt(loginAttempts.createdAt, now - 24 * 3_600_000));
}
