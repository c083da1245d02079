// One-line builders for the operator console's tests: an operator of
// a role with a signed-in session (cookie for SELF.fetch, context for calling
// the console's rules directly), and the audit rows written about a target.
import { and, asc, eq } from "drizzle-orm";
import { auditLog, operators } from "#app/server/db/schema.ts";
import type { OperatorContext } from "#app/server/operators/context.ts";
import type { OperatorRole } from "#app/server/operators/roles.ts";
import { type SessionOperator, startOperatorSession } from "#app/server/operators/session.ts";
import { accountsApp, db, knownPasswordHash, NOW } from "./fixtures.ts";

export const TOTP_SECRET = "JBSWY3DPEHPK3PXP";
let nextOperator = 1;

export interface GivenOperator {
  id: number;
  email: string;
  role: OperatorRole;
  /** A Cookie header for a verified (password and second factor) session. */
  cookie: string;
  /** A context for calling the console's rules as this operator. */
  app: OperatorContext;
}

/** An operator with TOTP set up and a verified session started now (real time, as the Worker sees it). */
export async function givenOperator(
  role: OperatorRole,
  options: { verified?: boolean; now?: () => number } = {},
): Promise<GivenOperator> {
  const email = `${role}${nextOperator++}@console.test`;
  const [row] = await db
    .insert(operators)
    .values({
      email,
      name: `Test ${role}`,
      passwordHash: await knownPasswordHash(),
      role,
      totpSecret: TOTP_SECRET,
      totpEnabled: true,
      createdAt: NOW,
    })
    .returning();
  const startedAt = Date.now();
  const verified = options.verified ?? true;
  const session = await startOperatorSession(db, { operatorId: row!.id, now: startedAt, verified });
  await session.statement;
  const operator: SessionOperator = {
    id: row!.id,
    email,
    name: row!.name,
    role,
    totpEnabled: true,
    session: { id: "test-session", verified, createdAt: startedAt, expiresAt: session.expiresAt },
  };
  return {
    id: row!.id,
    email,
    role,
    cookie: `operator_session=${session.token}`,
    app: { ...accountsApp({ now: options.now }), requestId: `req-${role}`, operator },
  };
}

/** The audit rows about one target, oldest first. */
export function auditRowsFor(targetType: string, targetId: string | number) {
  return db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.targetType, targetType), eq(auditLog.targetId, String(targetId))))
    .orderBy(asc(auditLog.id));
}

export const allAuditRows = () => db.select().from(auditLog).orderBy(asc(auditLog.id));
