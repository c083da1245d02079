// Password reset: "E-mailadres niet gevonden", links that work once
// and expire, and at most a few reset mails per address a day.
import { eq } from "drizzle-orm";
import { deliverOnConfirmation } from "#app/server/chat/on-confirmed.ts";
import { closeEndedSessions } from "#app/server/chat/sockets.ts";
import { profiles, users } from "#app/server/db/schema.ts";
import { DomainError } from "#app/server/errors.ts";
import { confirmStatements } from "./activation.ts";
import type { AccountsContext } from "./context.ts";
import { accountMail, deliverAfterResponse, link } from "./mail.ts";
import { hashPassword } from "./password.ts";
import { revokeOtherSessions, startSession } from "./session.ts";
import { batchWithinDailyLimit, consumeToken, HOUR, issueToken, tokenLifetime } from "./tokens.ts";

const RESETS_PER_DAY = 3;

export async function requestPasswordReset(app: AccountsContext, email: string) {
  const now = app.now();
  const [user] = await app.db
    .select({ id: users.id, status: users.status, language: users.language, name: profiles.name })
    .from(users)
    .innerJoin(profiles, eq(profiles.userId, users.id))
    .where(eq(users.email, email))
    .limit(1);
  if (!user || user.status === "deleted" || user.status === "banned") throw new DomainError("email_not_found");

  const reset = await issueToken(app.db, {
    userId: user.id,
    purpose: "password_reset",
    now,
    perDay: RESETS_PER_DAY,
  });
  await batchWithinDailyLimit(
    app.db,
    [
      reset.statement,
      accountMail(app, {
        to: email,
        template: "password_reset",
        locale: app.locale,
        params: {
          name: user.name,
          link: link(app, "/reset-password/do", reset.token),
          hours: tokenLifetime.password_reset / HOUR,
        },
      }),
    ],
    "reset_limit",
  );
  deliverAfterResponse(app);
}

/** Sets the new password, ends every session, and logs in on this device. */
export async function resetPassword(
  app: AccountsContext,
  input: { token: string; password: string; userAgent?: string | null },
) {
  const now = app.now();
  const used = await consumeToken(app.db, input.token, "password_reset", now);
  if (!used) throw new DomainError("link_invalid");
  const session = await startSession(app.db, { userId: used.userId, now, userAgent: input.userAgent });
  await app.db.batch([
    revokeOtherSessions(app.db, used.userId, null),
    app.db
      .update(users)
      .set({ passwordHash: await hashPassword(input.password) })
      .where(eq(users.id, used.userId)),
    // The link arrived in the member's mailbox: that proves the address too.
    ...confirmStatements(app, used.userId, now),
    session.statement,
  ]);
  closeEndedSessions(app, used.userId, { allBut: null });
  await deliverOnConfirmation(app, used.userId);
  return { userId: used.userId, sessionToken: session.token };
}
