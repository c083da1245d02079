// Operators add and change a domain's credit packages, the per-country prices
// of catalogue.ts (the defaults are edited as domain "*"). A package is
// switched off rather than deleted, because payments refer to it.
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { creditPackages } from "#app/server/db/schema.ts";
import { DomainError } from "#app/server/errors.ts";
import { auditStatement } from "#app/server/operators/audit.ts";
import type { OperatorContext } from "#app/server/operators/context.ts";
import { authorize } from "#app/server/operators/roles.ts";
import { DEFAULT_PACKAGES_DOMAIN } from "./catalogue.ts";

export async function domainPackages(app: OperatorContext, domain: string) {
  authorize(app.operator, "domains.edit");
  return app.db
    .select()
    .from(creditPackages)
    .where(inArray(creditPackages.domain, [domain, DEFAULT_PACKAGES_DOMAIN]))
    .orderBy(asc(creditPackages.domain), asc(creditPackages.country), asc(creditPackages.priceCents));
}

export interface PackageInput {
  id?: number | undefined;
  country: string;
  currency: string;
  credits: number;
  /** Cents. */
  price: number;
  style: "p0" | "p1" | "p2" | "p3";
  popular: boolean;
  active: boolean;
}

export async function savePackage(app: OperatorContext, domain: string, input: PackageInput) {
  authorize(app.operator, "domains.edit");
  const values = {
    country: input.country,
    currency: input.currency,
    credits: input.credits,
    priceCents: input.price,
    style: input.style,
    popular: input.popular,
    active: input.active,
  };
  if (input.id === undefined) {
    await app.db.batch([
      app.db.insert(creditPackages).values({ domain, ...values }),
      auditStatement(app, app.operator, {
        action: "package.create",
        targetType: "package",
        targetId: sql`cast(last_insert_rowid() as text)`,
        after: { domain, ...values },
      }),
    ]);
    return;
  }
  const [before] = await app.db
    .select()
    .from(creditPackages)
    .where(and(eq(creditPackages.id, input.id), eq(creditPackages.domain, domain)));
  if (!before) throw new DomainError("package_not_found");
  await app.db.batch([
    app.db.update(creditPackages).set(values).where(eq(creditPackages.id, before.id)),
    auditStatement(app, app.operator, {
      action: "package.update",
      targetType: "package",
      targetId: before.id,
      before,
      after: { ...before, ...values },
    }),
  ]);
}
