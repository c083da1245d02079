// Complaints (/complaints): stored for the operators (the operator
// console reads the complaints table) with a confirmation mail from the outbox
// in the same D1 batch, in the member's language (else the page's). A few per
// address and day, so the form cannot be used to flood someone's inbox.
import { and, count, eq, gt } from "drizzle-orm";
import type { Locale } from "#app/i18n/locales.ts";
import { isLocale } from "#app/i18n/locales.ts";
import type { ComplaintInput } from "#app/schemas/complaints.ts";
import type { AccountsContext } from "#app/server/accounts/context.ts";
import { accountMail, deliverAfterResponse } from "#app/server/accounts/mail.ts";
import type { SessionMember } from "#app/server/accounts/session.ts";
import { complaints } from "#app/server/db/schema.ts";
import { DomainError } from "#app/server/errors.ts";

const DAY = 86_400_000;
const COMPLAINTS_PER_ADDRESS_PER_DAY = 3;

export async function fileComplaint(
  app: AccountsContext,
  input: ComplaintInput,
  member: Pick<SessionMember, "id" | "language"> | null,
) {
  const now = app.now();
  const [recent] = await app.db
    .select({ n: count() })
    .from(complaints)
    .where(and(eq(complaints.email, input.email), gt(complaints.createdAt, now - DAY)));
  if ((recent?.n ?? 0) >= COMPLAINTS_PER_ADDRESS_PER_DAY) throw new DomainError("complaint_limit");

  const locale: Locale = member && isLocale(member.language) ? member.language : app.locale;
  const [stored] = await app.db.batch([
    app.db
      .insert(complaints)
      .values({
        userId: member?.id ?? null,
        domain: app.domain,
        name: input.name,
        email: input.email,
        subject: input.subject,
        message: input.message,
        status: "open",
        createdAt: now,
      })
      .returning({ id: complaints.id }),
    accountMail(app, {
      to: input.email,
      template: "complaint_received",
      locale,
      params: { name: input.name, topic: input.subject, link: new URL("/pages/service", app.origin).href },
    }),
  ]);
  deliverAfterResponse(app);
  return { id: stored[0]!.id };
}
