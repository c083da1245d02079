// Member login: e-mail and password. Throttling is the shared
// login throttle's (limits/login-throttle.ts): a blocked client is told
// "Te veel foute pogingen, account voor {minutes} min geblokkeerd." before its
// password is even checked, and a successful login earns the browser a device
// cookie that keeps it trusted by the account.
import { eq } from "drizzle-orm";
import { users } from "#app/server/db/schema.ts";
import { DomainError } from "#app/server/errors.ts";
import { admitLogin, loginFailed, loginSucceeded } from "#app/server/limits/login-throttle.ts";
import type { AccountsContext } from "./context.ts";
import { verifyLoginPassword } from "./password.ts";
import { startSession } from "./session.ts";

// The hourly job forgets old attempts through this module.
export { forgetOldLoginAttempts } from "#app/server/limits/login-throttle.ts";

export async function logIn(
  app: AccountsContext,
  input: { email: string; password: string; ip: string; deviceToken?: string; userAgent?: string | null },
) {
  const { db } = app;
  const [user] = await db
    .select({ id: users.id, passwordHash: users.passwordHash, status: users.status, language: users.language })
    .from(users)
    .where(eq(users.email, input.email))
    .limit(1);
  const known = user && user.status !== "deleted" ? user : null;
  const client = await admitLogin(app, {
    door: "member",
    email: input.email,
    accountId: known?.id ?? null,
    address: input.ip,
    deviceToken: input.deviceToken,
  });

  const valid = await verifyLoginPassword(input.password, known?.passwordHash ?? null);
  // A banned member who proves who they are is told so (the route sends them to /pages/ban).
  if (known?.status === "banned" && valid) throw new DomainError("account_banned");
  if (!known || known.status === "banned" || !valid) return loginFailed(app, client);

  const now = app.now();
  const session = await startSession(db, { userId: known.id, now, userAgent: input.userAgent });
  const trust = await loginSucceeded(app, { ...client, accountId: known.id });
  await db.batch([
    session.statement,
    ...trust.statements,
    db.update(users).set({ lastLoginAt: now }).where(eq(users.id, known.id)),
  ]);
  return { userId: known.id, sessionToken: session.token, language: known.language, deviceToken: trust.deviceToken };
}
