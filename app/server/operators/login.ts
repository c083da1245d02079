// Operator sign-in: password (argon2id, the members' hashing) and then a TOTP
// code, or — for an operator without one yet — enrolment of an authenticator.
// Password failures go through the shared login throttle (its "operator:"
// subjects keep the two apart); wrong codes are limited per operator, and a
// code works once. Both are decided in one step each (a code is claimed as a
// try before it is judged; a right code is marked used only if no one marked
// it first), so codes sent at the same moment get no more chances. Signing in
// is audited.
import { and, eq, lt, lte, type SQL, sql } from "drizzle-orm";
import { loginAttempts, operators } from "#app/server/db/schema.ts";
import { DomainError } from "#app/server/errors.ts";
import {
  blockedMinutes,
  checkLoginPassword,
  claimAttempt,
  loginSucceeded,
  takeBackAttempt,
} from "#app/server/limits/login-throttle.ts";
import { auditStatement } from "./audit.ts";
import type { OperatorContext } from "./context.ts";
import { endOperatorSessionStatement, type SessionOperator, startOperatorSession } from "./session.ts";
import { isValidTotp, newTotpSecret, totpUri } from "./totp.ts";

type LoginContext = Omit<OperatorContext, "operator">;

const MAX_CODE_FAILURES = 5;

const codeSubject = (operatorId: number) => `operator-code:${operatorId}`;
const usedCodeSubject = (operatorId: number, code: string) => `operator-code-used:${operatorId}:${code}`;

/** How long a used code stays used: as long as it could be valid (one step either side). */
const CODE_VALID_FOR = 3 * 60_000;

async function refuseWhileCodesBlocked(app: LoginContext, operatorId: number, now: number, counted: SQL) {
  const minutes = await blockedMinutes(app.db, codeSubject(operatorId), MAX_CODE_FAILURES, now, counted);
  if (minutes > 0) throw new DomainError("operator_login_blocked", { minutes });
}

/** Marks a code used, in one statement; false when it already was (by this or a concurrent try). */
async function markCodeUsed(app: LoginContext, operatorId: number, code: string, now: number) {
  const subject = usedCodeSubject(operatorId, code);
  const marked = await app.db.all<{ id: number }>(sql`
    insert into ${loginAttempts} (subject, success, created_at)
    select ${subject}, 1, ${now}
    where not exists (
      select 1 from ${loginAttempts} where subject = ${subject} and created_at > ${now - CODE_VALID_FOR}
    )
    returning id`);
  return marked.length > 0;
}

/** Step 1: e-mail and password. Answers a session that may only give the second factor. */
export async function operatorLogIn(
  app: LoginContext,
  input: { email: string; password: string; ip: string; deviceToken?: string },
) {
  const email = input.email.trim().toLowerCase();
  const [operator] = await app.db.select().from(operators).where(eq(operators.email, email)).limit(1);
  const { client, account } = await checkLoginPassword(
    app,
    { door: "operator", email, accountId: operator?.id ?? null, address: input.ip, deviceToken: input.deviceToken },
    input.password,
    operator && !operator.disabled ? operator : null,
  );
  const now = app.now();
  const session = await startOperatorSession(app.db, { operatorId: account.id, now, verified: false });
  const trust = await loginSucceeded(app, client);
  await app.db.batch([session.statement, ...trust.statements]);
  return {
    token: session.token,
    next: account.totpEnabled ? ("verify" as const) : ("enrol" as const),
    deviceToken: trust.deviceToken,
  };
}

async function checkCode(app: LoginContext, operator: SessionOperator, secret: string | null, code: string) {
  const now = app.now();
  const attempt = await claimAttempt(app.db, { subject: codeSubject(operator.id), now });
  try {
    await refuseWhileCodesBlocked(app, operator.id, now, lt(loginAttempts.id, attempt));
  } catch (error) {
    await takeBackAttempt(app.db, attempt);
    throw error;
  }
  const trimmed = code.replace(/\s+/g, "");
  const valid = secret !== null && (await isValidTotp(secret, trimmed));
  if (!valid || !(await markCodeUsed(app, operator.id, trimmed, now))) {
    await refuseWhileCodesBlocked(app, operator.id, now, lte(loginAttempts.id, attempt));
    throw new DomainError("totp_invalid");
  }
  // A right code is no failure: its try is taken back with the sign-in's batch.
  // Wrapped: an async function would run a returned query instead of handing it over for the batch.
  return { statement: takeBackAttempt(app.db, attempt) };
}

async function storedSecret(app: LoginContext, operatorId: number) {
  const [row] = await app.db
    .select({ secret: operators.totpSecret, enabled: operators.totpEnabled })
    .from(operators)
    .where(eq(operators.id, operatorId));
  return row ?? null;
}

/**
 * Step 2: the TOTP code. The password-only session is replaced by a new,
 * verified one (a new token, so a cookie seen before sign-in is worth nothing).
 */
export async function verifySecondFactor(app: LoginContext, operator: SessionOperator, code: string) {
  if (operator.session.verified || !operator.totpEnabled) throw new DomainError("operator_forbidden");
  const stored = await storedSecret(app, operator.id);
  const used = await checkCode(app, operator, stored?.enabled ? stored.secret : null, code);
  const now = app.now();
  const session = await startOperatorSession(app.db, { operatorId: operator.id, now, verified: true });
  await app.db.batch([
    used.statement,
    endOperatorSessionStatement(app.db, operator.session.id),
    session.statement,
    auditStatement(app, operator, { action: "operator.login", targetType: "operator", targetId: operator.id }),
  ]);
  return { token: session.token };
}

/** Enrolment, first half: a fresh secret (replacing any unconfirmed one), shown once. */
export async function beginEnrolment(app: LoginContext, operator: SessionOperator) {
  if (operator.session.verified || operator.totpEnabled) throw new DomainError("operator_forbidden");
  const secret = await newTotpSecret();
  await app.db
    .update(operators)
    .set({ totpSecret: secret })
    .where(and(eq(operators.id, operator.id), eq(operators.totpEnabled, false)));
  return { secret, uri: totpUri(secret, operator.email, `${app.settings.name} console`) };
}

/** Enrolment, second half: a code from the new authenticator turns TOTP on and signs in. */
async function completeEnrolment(app: LoginContext, operator: SessionOperator, code: string) {
  if (operator.session.verified || operator.totpEnabled) throw new DomainError("operator_forbidden");
  const stored = await storedSecret(app, operator.id);
  const used = await checkCode(app, operator, stored && !stored.enabled ? stored.secret : null, code);
  const now = app.now();
  const session = await startOperatorSession(app.db, { operatorId: operator.id, now, verified: true });
  await app.db.batch([
    used.statement,
    app.db
      .update(operators)
      .set({ totpEnabled: true })
      .where(and(eq(operators.id, operator.id), eq(operators.totpEnabled, false))),
    endOperatorSessionStatement(app.db, operator.session.id),
    session.statement,
    auditStatement(app, operator, {
      action: "operator.totp_enrolled",
      targetType: "operator",
      targetId: operator.id,
      before: { totpEnabled: false },
      after: { totpEnabled: true },
    }),
  ]);
  return { token: session.token };
}

/** Step 2 for any operator: the code signs in one with an authenticator, or completes the enrolment of one without. */
export function confirmSecondFactor(app: LoginContext, operator: SessionOperator, code: string) {
  return operator.totpEnabled ? verifySecondFactor(app, operator, code) : completeEnrolment(app, operator, code);
}

export async function operatorLogOut(app: LoginContext, operator: SessionOperator) {
  await app.db.batch([
    endOperatorSessionStatement(app.db, operator.session.id),
    ...(operator.session.verified
      ? [auditStatement(app, operator, { action: "operator.logout", targetType: "operator", targetId: operator.id })]
      : []),
  ]);
}
