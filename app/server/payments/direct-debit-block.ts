// A member blocked from direct debit: a charge-back sets the block
// (chargeback.ts), since a payer whose bank reversed a payment could do it
// again with the next direct debit; it stays, through a reversal too, until an
// operator lifts it here, with the audit row in the same batch. A blocked
// member who tries direct debit is told so in their language
// (direct_debit_blocked), before the form and again at the start.
import { and, eq, sql } from "drizzle-orm";
import { users } from "#app/server/db/schema.ts";
import { DomainError } from "#app/server/errors.ts";
import { auditStatementIf } from "#app/server/operators/audit.ts";
import type { OperatorContext } from "#app/server/operators/context.ts";
import { authorize } from "#app/server/operators/roles.ts";

/** Lets a blocked member pay by direct debit again; "not blocked" is refused, so a double click audits once. */
export async function liftDirectDebitBlock(app: OperatorContext, memberId: number) {
  authorize(app.operator, "payments.directdebit");
  if (!Number.isSafeInteger(memberId)) throw new DomainError("member_not_found");
  const [lifted] = await app.db.batch([
    app.db
      .update(users)
      .set({ directDebitBlocked: false })
      .where(and(eq(users.id, memberId), eq(users.directDebitBlocked, true)))
      .returning({ id: users.id }),
    // Written by the same batch only when the update above found the member blocked.
    auditStatementIf(
      app,
      app.operator,
      {
        action: "member.direct_debit_unblock",
        targetType: "member",
        targetId: memberId,
        before: { directDebitBlocked: true },
        after: { directDebitBlocked: false },
      },
      // SQLite's changes(): the rows the statement before this one (the update) changed.
      sql`changes() > 0`,
    ),
  ]);
  if (!lifted.length) throw new DomainError("invalid_input");
}
