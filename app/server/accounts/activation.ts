// E-mail activation: an account starts not_confirmed with a disabled
// profile; the link in the activation mail makes it active and searchable.
import { and, eq } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { FREE_CONVERSATIONS } from "#app/server/chat/costs.ts";
import { deliverOnConfirmation } from "#app/server/chat/on-confirmed.ts";
import { closeEndedSessions } from "#app/server/chat/sockets.ts";
import { profiles, users } from "#app/server/db/schema.ts";
import { DomainError, isDomainError } from "#app/server/errors.ts";
import { refreshSearchable } from "#app/server/members/searchable.ts";
import type { AccountsContext } from "./context.ts";
import { reactivateAccount } from "./deletion.ts";
import { accountMail, deliverAfterResponse, link } from "./mail.ts";
import { type SessionMember, startSession } from "./session.ts";
import { batchWithinDailyLimit, consumeToken, issueToken, peekToken } from "./tokens.ts";

const RESENDS_PER_DAY = 5;

/** The statements that make a member's account confirmed and their profile live. */
export function confirmStatements(app: Pick<AccountsContext, "db">, userId: number, now: number) {
  return [
    app.db
      .update(users)
      .set({ status: "active", confirmedAt: now })
      .where(and(eq(users.id, userId), eq(users.status, "not_confirmed"))),
    app.db.update(profiles).set({ status: "active" }).where(eq(profiles.userId, userId)),
    refreshSearchable(app.db, userId),
  ] as const;
}

/**
 * Uses an activation link. The link proves the mailbox, so a visitor who is not
 * logged in as that member is logged in (a session token comes back).
 */
export async function activateAccount(
  app: AccountsContext,
  input: { token: string; loggedInAs: number | null; userAgent?: string | null },
) {
  const now = app.now();
  const used = await consumeToken(app.db, input.token, "activation", now);
  if (!used) throw new DomainError("link_invalid");
  const [user] = await app.db.select({ status: users.status }).from(users).where(eq(users.id, used.userId));
  if (!user || user.status === "deleted" || user.status === "banned") throw new DomainError("link_invalid");
  const session =
    input.loggedInAs === used.userId
      ? null
      : await startSession(app.db, { userId: used.userId, now, userAgent: input.userAgent });
  if (session) {
    const [, ended] = await app.db.batch([
      session.statement,
      session.endsOldest,
      ...confirmStatements(app, used.userId, now),
    ]);
    for (const { id } of ended) closeEndedSessions(app, used.userId, { session: id });
  } else {
    await app.db.batch(confirmStatements(app, used.userId, now));
  }
  await deliverOnConfirmation(app, used.userId);
  return { userId: used.userId, sessionToken: session?.token ?? null };
}

/** Whether an account still waits for its activation link: only then is another one sent. */
export const awaitsActivation = (account: { status: string } | null) => account?.status === "not_confirmed";

export async function resendActivation(
  app: AccountsContext,
  member: Pick<SessionMember, "id" | "status" | "email"> & { profile: Pick<SessionMember["profile"], "name"> },
  // Joins the batch (an operator's audit row).
  extra: BatchItem<"sqlite">[] = [],
) {
  if (!awaitsActivation(member)) return { sent: false };
  const now = app.now();
  const activation = await issueToken(app.db, {
    userId: member.id,
    purpose: "activation",
    now,
    perDay: RESENDS_PER_DAY,
  });
  await batchWithinDailyLimit(
    app.db,
    [
      activation.statement,
      accountMail(app, {
        to: member.email,
        template: "activation",
        locale: app.locale,
        params: {
          name: member.profile.name,
          link: link(app, "/activate/done", activation.token),
          conversations: FREE_CONVERSATIONS,
        },
      }),
      ...extra,
    ],
    "resend_limit",
  );
  deliverAfterResponse(app);
  return { sent: true };
}

/**
 * The link in an activation mail and the one in the deletion mail both land on
 * /activate/done: a token that does not activate may reactivate an account
 * that asked to be deleted. Refuses (link_invalid) when it does neither.
 */
export async function followAccountLink(
  app: AccountsContext,
  input: { token: string; loggedInAs: number | null; userAgent?: string | null },
) {
  try {
    return await activateAccount(app, input);
  } catch (error) {
    if (!isDomainError(error)) throw error;
    return reactivateAccount(app, { token: input.token, userAgent: input.userAgent });
  }
}

/** "j•••@example.com": enough for the member to know the address, not enough to read it off the screen. */
function maskedEmail(email: string) {
  const at = email.lastIndexOf("@");
  return at < 1 ? "•••" : `${email[0]}•••${email.slice(at)}`;
}

/**
 * What an account link would do, without using it: its GET only asks (a link
 * opened by another site, or fetched by a mail scanner, must not log anyone
 * in), and the page's button posts it to followAccountLink. The account is
 * named by its masked address. Refuses (link_invalid) a link that is not, or
 * no longer, usable for either.
 */
export async function accountLinkPreview(app: Pick<AccountsContext, "db" | "now">, token: string) {
  const now = app.now();
  for (const [purpose, action] of [
    ["activation", "activate"],
    ["reactivation", "reactivate"],
  ] as const) {
    const found = await peekToken(app.db, token, purpose, now);
    if (!found) continue;
    const [user] = await app.db.select({ email: users.email }).from(users).where(eq(users.id, found.userId));
    if (user) return { action, email: maskedEmail(user.email) };
  }
  throw new DomainError("link_invalid");
}
