// Complaints (/complaints): stored for the operators (the operator console
// reads the complaints table, text and all) with an acknowledgement mail from
// the outbox in the same D1 batch, in the member's language (else the page's).
// Anyone may type any address into the form, so the acknowledgement repeats
// nothing that was typed: fixed wording and the complaint's reference only.
// A few a day per address, counted by the mailbox it reaches ("+tags" and
// Gmail's dots make no new one), and per client address, so the form cannot
// be used to flood someone's inbox or the operators' queue.
import type { RequestContext } from "#app/context.ts";
import type { Locale } from "#app/i18n/locales.ts";
import { isLocale } from "#app/i18n/locales.ts";
import type { ComplaintInput } from "#app/schemas/complaints.ts";
import type { AccountsContext } from "#app/server/accounts/context.ts";
import { accountMail, deliverAfterResponse } from "#app/server/accounts/mail.ts";
import type { SessionMember } from "#app/server/accounts/session.ts";
import { sha256Hex } from "#app/server/accounts/tokens.ts";
import { complaints } from "#app/server/db/schema.ts";
import { DomainError } from "#app/server/errors.ts";
import { takeDailyUse } from "#app/server/limits/daily-counts.ts";

/** Complaints a day that one mailbox is sent an acknowledgement for. */
const COMPLAINTS_PER_ADDRESS_PER_DAY = 3;
/**
 * Complaints a day from one client address, whatever addresses it types: more
 * than a household or an office files in a day, far too few to flood anyone.
 */
const COMPLAINTS_PER_CLIENT_PER_DAY = 10;

type ComplaintContext = AccountsContext & Pick<RequestContext, "clientIp">;

/**
 * The mailbox an address reaches, for counting: lower case, without a "+tag"
 * in the local part, and for Gmail without dots (googlemail.com is gmail.com).
 */
function mailboxOf(email: string) {
  const at = email.lastIndexOf("@");
  const local = email.slice(0, at).toLowerCase().split("+")[0]!;
  const domain = email.slice(at + 1).toLowerCase();
  if (domain === "gmail.com" || domain === "googlemail.com") return `${local.replaceAll(".", "")}@gmail.com`;
  return `${local}@${domain}`;
}

// No 0/O or 1/I/L: the reference is read out on the phone and typed from a mail.
const REFERENCE_LETTERS = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";

/** A complaint's reference, such as "7KQ4-M2XD". */
function newReference() {
  const letters = [...crypto.getRandomValues(new Uint8Array(8))].map(
    (byte) => REFERENCE_LETTERS[byte % REFERENCE_LETTERS.length],
  );
  return `${letters.slice(0, 4).join("")}-${letters.slice(4).join("")}`;
}

export async function fileComplaint(
  app: ComplaintContext,
  input: ComplaintInput,
  member: Pick<SessionMember, "id" | "language"> | null,
) {
  // Each counted in one statement, so complaints sent at the same moment cannot all slip through.
  const fromClient = { scope: "complaint_client", key: app.clientIp, limit: COMPLAINTS_PER_CLIENT_PER_DAY } as const;
  if (!(await takeDailyUse(app, fromClient))) throw new DomainError("complaint_limit");
  const mailbox = await sha256Hex(mailboxOf(input.email));
  const toAddress = { scope: "complaint_address", key: mailbox, limit: COMPLAINTS_PER_ADDRESS_PER_DAY } as const;
  if (!(await takeDailyUse(app, toAddress))) throw new DomainError("complaint_limit");

  const locale: Locale = member && isLocale(member.language) ? member.language : app.locale;
  const reference = newReference();
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
        reference,
        createdAt: app.now(),
      })
      .returning({ id: complaints.id }),
    accountMail(app, {
      to: input.email,
      template: "complaint_received",
      locale,
      params: { reference, link: new URL("/pages/service", app.origin).href },
    }),
  ]);
  deliverAfterResponse(app);
  return { id: stored[0]!.id, reference };
}
