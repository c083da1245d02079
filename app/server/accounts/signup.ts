// Signup: the domain's `signups` rule, one account per
// e-mail address, a few a day per client address (signup-cap.ts), and
// everything a new account needs written in one D1 batch (user, disabled
// profile, tracking data, the record of the signup credits, activation token
// and mail, session, the member's own choice of offers by mail), so a failure
// leaves nothing half-made. The credits then reach the new member's wallet at
// once (applyNow), so their first page shows them; a wallet that cannot answer
// yet leaves the record to the minute job's replay. Nothing sensitive is
// guessed: orientation stays empty, and offers are only on when the member
// ticked the box.
import { eq, type SQL, sql } from "drizzle-orm";
import type { z } from "zod";
import type { signupSchema, Tracking } from "#app/schemas/account.ts";
import { hashPassword } from "#app/server/accounts/password.ts";
import { FREE_CONVERSATIONS } from "#app/server/chat/costs.ts";
import { deliverOnConfirmation } from "#app/server/chat/on-confirmed.ts";
import { applyNow } from "#app/server/credits/movements.ts";
import { creditLedger, notificationSettings, profiles, trackingData, users } from "#app/server/db/schema.ts";
import { DomainError } from "#app/server/errors.ts";
import { eraseMember } from "#app/server/privacy/erasure.ts";
import { hasTrafficSource } from "#app/server/site/traffic-source.ts";
import { OFFERED_BY_CHOICE } from "./account-settings.ts";
import { confirmStatements } from "./activation.ts";
import type { AccountsContext } from "./context.ts";
import { REACTIVATION_WINDOW } from "./deletion.ts";
import { accountMail, deliverAfterResponse, link } from "./mail.ts";
import { startSession } from "./session.ts";
import { giveBackSignup, type SignupContext, takeSignup } from "./signup-cap.ts";
import { issueToken } from "./tokens.ts";

export type SignupInput = z.output<ReturnType<typeof signupSchema>>;

/** Whether this visitor may sign up on this domain. */
export function maySignUp(settings: AccountsContext["settings"], tracking: Tracking): boolean {
  if (settings.signups === "none") return false;
  if (settings.signups === "with_trafficsource") return hasTrafficSource(tracking);
  return true;
}

export async function signUp(
  app: SignupContext,
  input: { form: SignupInput; tracking: Tracking; targetMemberId?: number | null; userAgent?: string | null },
) {
  const { db, settings } = app;
  const now = app.now();
  if (!maySignUp(settings, input.tracking)) throw new DomainError("signups_closed");
  const { form } = input;

  const [existing] = await db
    .select({ id: users.id, status: users.status, deletedAt: users.deletedAt })
    .from(users)
    .where(eq(users.email, form.email))
    .limit(1);
  if (existing) {
    const deleted = existing.status === "deleted" && existing.deletedAt !== null;
    if (!deleted) throw new DomainError("email_taken");
    if (now - existing.deletedAt! < REACTIVATION_WINDOW) throw new DomainError("email_taken_deleted");
    // Past its 14 days but not yet swept by the hourly job: finish it now.
    await eraseMember(app, existing.id);
  }
  // Counted only now, as a refusal above mails nothing; and before the password's costly hash.
  await takeSignup(app);
  const account = await writeAccount(app, input, now).catch(async (error: unknown) => {
    await giveBackSignup(app);
    // Two signups with one address at the same moment: the unique index decides.
    if (String(error).includes("UNIQUE") && String(error).includes("users.email")) throw new DomainError("email_taken");
    throw error;
  });
  if (app.settings.signup_credits > 0) await applyNow(app, account.id);
  deliverAfterResponse(app);
  return { sessionToken: account.token };
}

/** The account and everything it starts with, in one batch; the new member's id and session token. */
async function writeAccount(app: SignupContext, input: Parameters<typeof signUp>[1], now: number) {
  const { db, settings } = app;
  const { form } = input;
  const userId = sql<number>`(select ${users.id} from ${users} where ${users.email} = ${form.email})`;
  const country = settings.countries.includes(app.country) ? app.country : settings.countries[0]!;
  const activation = await issueToken(db, { userId, purpose: "activation", now });
  const session = await startSession(db, { userId, now, userAgent: input.userAgent });
  const statements = [
    db
      .insert(users)
      .values({
        email: form.email,
        passwordHash: await hashPassword(form.password),
        status: "not_confirmed",
        // The wallet holds the credits; D1's copy of them follows once the bonus is applied.
        credits: 0,
        language: app.locale,
        domain: settings.domain,
        signupDate: now,
      })
      .returning({ id: users.id }),
    db.insert(profiles).values({
      userId,
      name: form.name,
      gender: form.gender,
      seeking: form.seeking,
      // Orientation, like every sensitive field, stays empty until the member says it (see docs/profiles.md).
      sexuality: null,
      dateOfBirth: form.date_of_birth,
      country,
      status: "disabled",
      searchable: 0,
      lastActivity: now,
    }),
    db.insert(trackingData).values({
      userId,
      ...input.tracking,
      signupMessage: form.signup_message ?? null,
      signupTargetId: input.targetMemberId ?? null,
    }),
    activation.statement,
    session.statement,
    ...(form.promotions
      ? [
          db
            .insert(notificationSettings)
            .values(OFFERED_BY_CHOICE.map((type) => ({ userId, type, email: true, push: false }))),
        ]
      : []),
    accountMail(app, {
      to: form.email,
      template: "activation",
      locale: app.locale,
      params: {
        name: form.name,
        link: link(app, "/activate/done", activation.token),
        conversations: FREE_CONVERSATIONS,
      },
    }),
    ...(settings.signup_credits > 0 ? [signupBonus(app, userId, now)] : []),
  ];
  const [created] = await db.batch(statements as [(typeof statements)[number], ...typeof statements]);
  const [member] = created as { id: number }[];
  return { id: member!.id, token: session.token };
}

/**
 * The record of the signup credits (a credit, as movements.ts records one),
 * written as is: the key names the member, whose id the same batch assigns.
 */
function signupBonus(app: SignupContext, userId: SQL<number>, now: number) {
  return app.db.insert(creditLedger).values({
    userId,
    delta: 0,
    reason: "signup_bonus",
    idempotencyKey: sql`'signup_bonus:' || ${userId}`,
    createdAt: now,
    op: "credit",
    amount: app.settings.signup_credits,
  });
}

/**
 * A signup confirmed at once, as if its activation link had been used: for the
 * developer door (POST /dev/members) that end-to-end journeys start from.
 */
export async function signUpConfirmed(app: SignupContext, input: Parameters<typeof signUp>[1]) {
  const { sessionToken } = await signUp(app, input);
  const [member] = await app.db.select({ id: users.id }).from(users).where(eq(users.email, input.form.email));
  await app.db.batch([...confirmStatements(app, member!.id, app.now())]);
  await deliverOnConfirmation(app, member!.id);
  return { id: member!.id, sessionToken };
}
