// Member login: e-mail and password, on a site that may serve the account
// (settings/member-settings.ts). Throttling is the shared
// login throttle's (limits/login-throttle.ts): a blocked client is told
// "Te veel foute pogingen, account voor {minutes} min geblokkeerd." before its
// password is even checked, and a successful login earns the browser a device
// cookie that keeps it trusted by the account.
import { eq } from "drizzle-orm";
import { closeEndedSessions } from "#app/server/chat/sockets.ts";
import { users } from "#app/server/db/schema.ts";
import { checkLoginPassword, loginSucceeded } from "#app/server/limits/login-throttle.ts";
import { memberSettings } from "#app/server/settings/member-settings.ts";
import type { AccountsContext } from "./context.ts";
import { endSession, startSession } from "./session.ts";

// The hourly job forgets old attempts through this module.
export { forgetOldLoginAttempts } from "#app/server/limits/login-throttle.ts";

export async function logIn(
  app: AccountsContext,
  input: { email: string; password: string; ip: string; deviceToken?: string; userAgent?: string | null },
) {
  const { db } = app;
  const [user] = await db
    .select({
      id: users.id,
      passwordHash: users.passwordHash,
      status: users.status,
      language: users.language,
      domain: users.domain,
    })
    .from(users)
    .where(eq(users.email, input.email))
    .limit(1);
  // An account this site may not serve (another company's) is no account here:
  // refused as an unknown address is, so the answer does not say it exists.
  const known = user && user.status !== "deleted" && (await memberSettings(app, user)) ? user : null;
  const { client, account } = await checkLoginPassword(
    app,
    {
      door: "member",
      email: input.email,
      accountId: known?.id ?? null,
      address: input.ip,
      deviceToken: input.deviceToken,
    },
    input.password,
    // A banned member who proves who they are is told so (the route sends them to /pages/ban).
    known && (known.status === "banned" ? { ...known, refusedAs: "account_banned" as const } : known),
  );

  const now = app.now();
  const session = await startSession(db, { userId: account.id, now, userAgent: input.userAgent });
  const trust = await loginSucceeded(app, client);
  const [, ended] = await db.batch([
    session.statement,
    session.endsOldest,
    ...trust.statements,
    db.update(users).set({ lastLoginAt: now }).where(eq(users.id, account.id)),
  ]);
  for (const { id } of ended) closeEndedSessions(app, account.id, { session: id });
  return {
    userId: account.id,
    sessionToken: session.token,
    language: account.language,
    deviceToken: trust.deviceToken,
  };
}

/** Logging out ends this session and closes its chat sockets; the member's other devices stay logged in. */
export async function logOut(app: Pick<AccountsContext, "db" | "env" | "ctx" | "log">, token: string) {
  const ended = await endSession(app.db, token);
  if (ended) closeEndedSessions(app, ended.userId, { session: ended.id });
}
