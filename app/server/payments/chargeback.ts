// Charge-backs: the payer's bank took back money of a paid payment (a SEPA
// direct debit can be reversed for weeks after it was collected), or gave it
// back again (the charge-back reversed). The provider says how much is charged
// back now: Mollie's amountChargedBack, lower again after a reversal; a paid
// direct debit turned failed is all of it. We apply each change of that amount
// once, against what we applied before (payments.charged_back_cents), in one
// batch whose every statement holds only while the payment still stands as it
// was read, so a repeated or simultaneous webhook changes nothing.
//
// More charged back: the credits in proportion to the amount (rounded down,
// proportion.ts), as far as the balance allows (credits spent stay spent; the
// wallet says how many came back); premium ends when no other purchase of
// the member stands (that payment bought it); direct debit is blocked until an
// operator lifts it (direct-debit-block.ts), with an automated statement of
// reasons the first time (decisions/); the member is mailed in their
// language. Less charged back: the credits taken beyond the new proportion
// come back (what the wallet took under the charge-back's keys, read once the
// member's records are applied), and with nothing charged back any more the
// payment is paid again and the member premium. The credits move as records
// (credits/movements.ts) in that batch, applied to the wallet right after it.
// A payment never booked (its "paid" never reached us) takes nothing back; one
// refunded keeps its refund (the credits went back then).
import { and, eq, inArray, like, ne, or, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { RequestContext } from "#app/context.ts";
import { formatDate, formatMoney } from "#app/i18n/format.ts";
import { translator } from "#app/i18n/i18next.server.ts";
import { applyMovements, applyNow, recorded, recordGiveBack, recordTakeBack } from "#app/server/credits/movements.ts";
import { walletOf } from "#app/server/credits/wallet.ts";
import { creditLedger, payments, profiles, users } from "#app/server/db/schema.ts";
import { memberStatementIf } from "#app/server/decisions/statements.ts";
import { composeMail } from "#app/server/mail/compose.ts";
import { queueMailIf } from "#app/server/mail/outbox.ts";
import { memberMailSite } from "#app/server/operators/member-mail.ts";
import type { Payment } from "./checkout.ts";
import { creditsInProportion } from "./proportion.ts";
import type { ProviderAnswer } from "./provider.ts";

type ChargebackContext = Pick<RequestContext, "db" | "env" | "now" | "log">;

/** What we applied last; a payment charged back before the amount was kept counts as charged back in full. */
const appliedBefore = (payment: Payment) =>
  payment.status === "charged_back" && payment.chargedBackCents === 0 ? payment.amountCents : payment.chargedBackCents;

/**
 * The amount charged back by the provider's answer, when it differs from what
 * we applied (else null). A refunded payment keeps its refund.
 */
export function chargebackChange(payment: Payment, answer: ProviderAnswer): number | null {
  if (payment.status === "refunded") return null;
  const wasPaid = payment.status === "paid" || payment.status === "charged_back";
  // Paid, then failed: the bank reversed the whole direct debit.
  const now =
    answer.status === "failed" && wasPaid
      ? Math.max(answer.chargedBackCents, payment.amountCents)
      : answer.chargedBackCents;
  return now === appliedBefore(payment) ? null : Math.min(now, payment.amountCents);
}

/** Applies a new charged-back amount (see chargebackChange); safe to repeat and to run twice at once. */
export async function applyChargeback(app: ChargebackContext, payment: Payment, chargedBackCents: number) {
  const { db } = app;
  const now = app.now();
  const before = appliedBefore(payment);
  const base = `chargeback:${payment.id}`;
  const [chain, [member]] = await db.batch([
    db
      .select({ key: creditLedger.idempotencyKey })
      .from(creditLedger)
      .where(
        and(
          eq(creditLedger.userId, payment.userId),
          or(eq(creditLedger.idempotencyKey, base), like(creditLedger.idempotencyKey, `${base}:%`)),
        ),
      ),
    db
      .select({ email: users.email, language: users.language, name: profiles.name })
      .from(users)
      .leftJoin(profiles, eq(profiles.userId, users.id))
      .where(eq(users.id, payment.userId)),
  ]);
  const key = chain.length ? `${base}:${chain.length}` : base;
  // Every statement applies only while the payment stands as read; the payment itself changes last.
  const unchanged = sql`exists (select 1 from ${payments} where ${payments.id} = ${payment.id} and ${payments.status} = ${payment.status} and ${payments.chargedBackCents} = ${payment.chargedBackCents})`;
  const inProportion = (cents: number) => creditsInProportion(payment.credits, cents, payment.amountCents);
  const booking = { userId: payment.userId, reason: "chargeback" as const, idempotencyKey: key, now };
  const statements: BatchItem<"sqlite">[] = [];

  if (chargedBackCents > before) {
    const take = inProportion(chargedBackCents) - inProportion(before);
    if (take > 0) {
      statements.push(
        recordTakeBack(db, {
          ...booking,
          amount: take,
          note: `payment ${payment.id}: ${chargedBackCents} of ${payment.amountCents} cents charged back by the payer's bank`,
          onlyIf: sql`${unchanged} and ${recorded(`payment:${payment.id}`)}`,
        }),
      );
    }
    const otherPurchase = sql`exists (select 1 from ${payments} where ${payments.userId} = ${payment.userId} and ${ne(payments.id, payment.id)} and ${inArray(payments.status, ["paid", "refunded"])})`;
    // The statement of the block goes before the update that sets it (see below).
    const blockAt = statements.length;
    statements.push(
      db
        .update(users)
        .set({ paidUser: sql`${users.paidUser} and ${otherPurchase}`, directDebitBlocked: true })
        .where(and(eq(users.id, payment.userId), unchanged)),
    );
    if (member) {
      const site = await memberMailSite(app, { domain: payment.domain, language: member.language });
      const mail = composeMail({
        to: member.email,
        template: "payment_charged_back",
        locale: site.locale,
        params: {
          name: member.name ?? "",
          link: new URL("/transactions", site.origin).toString(),
          amount: formatMoney(chargedBackCents - before, payment.currency, site.locale),
          credits: take,
        },
        site: {
          name: site.settings.name,
          supportEmail: site.settings.support_email,
          baseUrl: site.origin,
          mailName: site.settings.mail_name,
        },
      });
      statements.push(queueMailIf(db, mail, now, unchanged));
      // The block's automated statement of reasons, in the member's words, when this change sets the block.
      const t = translator(site.locale);
      const notBlocked = sql`${unchanged} and exists (select 1 from ${users} where ${users.id} = ${payment.userId} and ${users.directDebitBlocked} = 0)`;
      statements.splice(
        blockAt,
        0,
        ...(await memberStatementIf(
          app,
          {
            kind: "payment_method_blocked",
            member: payment.userId,
            targetType: "member",
            targetId: payment.userId,
            reasons: {
              ground: "terms",
              clause: t("decisions:facts.chargebackClause"),
              facts: t("decisions:facts.chargeback", {
                amount: formatMoney(chargedBackCents, payment.currency, site.locale),
                date: formatDate(payment.createdAt, site.locale, { dateStyle: "long" }),
              }),
            },
            automated: true,
            operatorId: null,
            now,
          },
          notBlocked,
        )),
      );
    }
  } else {
    // Reversed (in part): what was taken beyond the new proportion comes back, at most what the keys took.
    const keys = chain.map((row) => row.key);
    const give = keys.length ? (await takenBy(app, payment.userId, base)) - inProportion(chargedBackCents) : 0;
    if (give > 0) {
      statements.push(
        recordGiveBack(db, {
          ...booking,
          amount: give,
          of: keys,
          note: `payment ${payment.id}: the payer's bank reversed its charge-back to ${chargedBackCents} cents`,
          onlyIf: unchanged,
        }),
      );
    }
    if (chargedBackCents === 0) {
      statements.push(
        db
          .update(users)
          .set({ paidUser: true })
          .where(and(eq(users.id, payment.userId), unchanged, recorded(`payment:${payment.id}`))),
      );
    }
  }
  const moved = db
    .update(payments)
    .set({ chargedBackCents, status: chargedBackCents > 0 ? "charged_back" : "paid", updatedAt: now })
    .where(
      and(
        eq(payments.id, payment.id),
        eq(payments.status, payment.status),
        eq(payments.chargedBackCents, payment.chargedBackCents),
      ),
    )
    .returning({ id: payments.id });
  const batch: [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]] = [...statements, moved] as never;
  const results = await db.batch(batch);
  if (!(results.at(-1) as unknown[]).length) return;
  app.log.warn("payment charged back", { paymentId: payment.id, chargedBackCents, before });
  await applyNow(app, payment.userId);
}

/**
 * The credits a charge-back's chain of movements took, net (a give-back counts
 * against it), as the wallet booked them: the member's records are applied
 * first, since a record the wallet has not yet answered moved nothing yet.
 */
async function takenBy(app: ChargebackContext, memberId: number, base: string) {
  await applyMovements(app, memberId, app.log);
  const rows = await walletOf(app.env, memberId).ledger({ limit: 500, keyPrefix: base });
  return -rows.reduce((sum, row) => sum + row.delta, 0);
}
