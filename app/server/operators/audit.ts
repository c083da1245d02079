// The audit trail: every operator action adds one audit_log row —
// who, what, on what, before and after — in the same D1 batch as the change,
// so a change without its row (or a row without its change) cannot happen.
// D1 refuses to update or delete these rows (migration 0007), except for the
// privacy erasure blanking before/after.
import { and, desc, eq, type SQL, sql } from "drizzle-orm";
import type { AuditTargetType } from "#app/schemas/admin.ts";
import type { Database } from "#app/server/db/client.ts";
import { auditLog, operators } from "#app/server/db/schema.ts";
import type { OperatorContext } from "./context.ts";
import { authorize } from "./roles.ts";

export interface AuditEntry {
  action: string;
  targetType: AuditTargetType;
  /** SQL for a row inserted earlier in the same batch, e.g. last_insert_rowid(). */
  targetId: string | number | SQL;
  before?: unknown;
  after?: unknown;
}

export function auditStatement(
  app: { db: Database; now: () => number; requestId?: string },
  operator: { id: number },
  entry: AuditEntry,
) {
  return app.db.insert(auditLog).values({
    operatorId: operator.id,
    action: entry.action,
    targetType: entry.targetType,
    targetId: typeof entry.targetId === "object" ? entry.targetId : String(entry.targetId),
    before: entry.before ?? null,
    after: entry.after ?? null,
    requestId: app.requestId ?? null,
    createdAt: app.now(),
  });
}

/** The audit row of a moderator's decision: the status of a member's photo or report before and after. */
export function decisionAuditStatement(
  app: { db: Database; now: () => number; requestId?: string; operator: { id: number } },
  entry: Pick<AuditEntry, "action" | "targetType" | "targetId"> & { member: number; before: string; after: string },
) {
  return auditStatement(app, app.operator, {
    action: entry.action,
    targetType: entry.targetType,
    targetId: entry.targetId,
    before: { status: entry.before, member: entry.member },
    after: { status: entry.after, member: entry.member },
  });
}

/** An audit row written only if `condition` holds when the batch reaches it (a guarded change happened). */
export function auditStatementIf(
  app: { db: Database; now: () => number; requestId?: string },
  operator: { id: number },
  entry: AuditEntry,
  condition: SQL,
) {
  const json = (value: unknown) => (value === undefined || value === null ? null : JSON.stringify(value));
  const targetId = typeof entry.targetId === "object" ? entry.targetId : String(entry.targetId);
  return app.db
    .insert(auditLog)
    .select(
      sql`select null, ${operator.id}, ${entry.action}, ${entry.targetType}, ${targetId}, ${json(entry.before)}, ${json(
        entry.after,
      )}, ${app.requestId ?? null}, ${app.now()} where ${condition}`,
    );
}

const AUDIT_PAGE = 50;

/** The trail, newest first, optionally for one target or one operator. */
export async function auditTrail(
  app: Pick<OperatorContext, "db" | "operator">,
  filter: { targetType?: string; targetId?: string; operatorId?: number; page?: number } = {},
) {
  authorize(app.operator, "audit.view");
  const conditions: SQL[] = [];
  if (filter.targetType) conditions.push(eq(auditLog.targetType, filter.targetType));
  if (filter.targetId) conditions.push(eq(auditLog.targetId, filter.targetId));
  if (filter.operatorId) conditions.push(eq(auditLog.operatorId, filter.operatorId));
  const page = Math.max(1, filter.page ?? 1);
  const rows = await app.db
    .select({
      id: auditLog.id,
      action: auditLog.action,
      targetType: auditLog.targetType,
      targetId: auditLog.targetId,
      before: auditLog.before,
      after: auditLog.after,
      createdAt: auditLog.createdAt,
      operator: { id: operators.id, email: operators.email, role: operators.role },
    })
    .from(auditLog)
    .innerJoin(operators, eq(operators.id, auditLog.operatorId))
    .where(conditions.length ? and(...conditions) : undefined)
    .orderBy(desc(auditLog.id))
    .limit(AUDIT_PAGE + 1)
    .offset((page - 1) * AUDIT_PAGE);
  return { entries: rows.slice(0, AUDIT_PAGE), hasMore: rows.length > AUDIT_PAGE, page };
}
