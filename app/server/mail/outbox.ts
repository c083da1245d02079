// The transactional outbox: a mail is a mail_outbox row written in the same D1
// batch as the change that causes it (a signup never exists without its
// activation mail, nor the mail without the signup). Delivery comes after,
// through the transport MAIL_TRANSPORT names, and may be retried.
import { and, asc, desc, eq, inArray, isNull, lt, or } from "drizzle-orm";
import type { RequestContext } from "#app/context.ts";
import type { Database } from "#app/server/db/client.ts";
import { mailOutbox } from "#app/server/db/schema.ts";
import { base64url } from "#app/server/http/base64.ts";
import { errorFields } from "#app/server/log.ts";
import type { MailMessage, MailSender } from "./compose.ts";
import { createMailTransport, type MailEnv } from "./transports.ts";

// A delivery run claims its rows by stamping sent_at while they stay "queued",
// so a cron run and a waitUntil run never send the same mail twice. A claim
// older than this (a run that died mid-way) may be taken over.
const CLAIM_MS = 30 * 60_000;

/** The insert for `message`, not yet run: put it in the `db.batch([...])` of the change that causes the mail. */
export function queueMail(db: Database, message: MailMessage, now: number) {
  return db.insert(mailOutbox).values({
    to: message.to,
    template: message.template,
    locale: message.locale,
    subject: message.subject,
    html: withSender(message.html, message.sender),
    text: message.text,
    status: "queued",
    createdAt: now,
  });
}

/** Sends queued mail, oldest first. One failing mail is marked "failed" and logged; it never stops the run. */
export async function deliverQueuedMail(
  app: Pick<RequestContext, "db" | "env" | "log" | "now">,
  options: { limit?: number } = {},
): Promise<{ sent: number; failed: number }> {
  let transport: ReturnType<typeof createMailTransport>;
  try {
    transport = createMailTransport(app.env as unknown as MailEnv);
  } catch (error) {
    // Misconfiguration: leave everything queued, to go out once it is fixed.
    app.log.error("mail transport not usable", errorFields(error));
    return { sent: 0, failed: 0 };
  }

  const result = { sent: 0, failed: 0 };
  for (const row of await claimQueued(app.db, app.now(), options.limit ?? 50)) {
    const { html, sender } = splitStoredHtml(row.html);
    try {
      const { providerId } = await transport.send({ to: row.to, subject: row.subject, html, text: row.text, sender });
      await app.db
        .update(mailOutbox)
        .set({
          status: "sent",
          providerId,
          sentAt: app.now(),
          ...(transport.dropsBodies ? { html: "", text: "" } : {}),
        })
        .where(eq(mailOutbox.id, row.id));
      result.sent++;
    } catch (error) {
      result.failed++;
      app.log.error("mail delivery failed", {
        mailId: row.id,
        template: row.template,
        transport: transport.name,
        ...errorFields(error),
      });
      await app.db
        .update(mailOutbox)
        .set({ status: "failed", sentAt: null })
        .where(eq(mailOutbox.id, row.id))
        .catch((markError: unknown) =>
          app.log.error("mail not marked failed", { mailId: row.id, ...errorFields(markError) }),
        );
    }
  }
  return result;
}

async function claimQueued(db: Database, now: number, limit: number) {
  const due = and(
    eq(mailOutbox.status, "queued"),
    or(isNull(mailOutbox.sentAt), lt(mailOutbox.sentAt, now - CLAIM_MS)),
  );
  const oldest = db
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(due)
    .orderBy(asc(mailOutbox.createdAt), asc(mailOutbox.id))
    .limit(limit);
  const rows = await db
    .update(mailOutbox)
    .set({ sentAt: now })
    .where(and(inArray(mailOutbox.id, oldest), due))
    .returning();
  return rows.sort((a, b) => a.createdAt - b.createdAt || a.id - b.id);
}

/** The newest mails, without their bodies: the list of the dev-only mailbox page. */
export function listOutbox(db: Database, limit = 50) {
  return db
    .select({
      id: mailOutbox.id,
      to: mailOutbox.to,
      template: mailOutbox.template,
      locale: mailOutbox.locale,
      subject: mailOutbox.subject,
      status: mailOutbox.status,
      createdAt: mailOutbox.createdAt,
    })
    .from(mailOutbox)
    .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
    .limit(limit);
}

/** One mail with its bodies (HTML as composed), or null. */
export async function getOutboxMail(db: Database, id: number) {
  const [row] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
  if (!row) return null;
  const { html, sender } = splitStoredHtml(row.html);
  return { ...row, html, sender };
}

// The outbox table has no columns for the sender, so it travels at the head of
// the stored HTML as a comment (base64url JSON: nothing in it can end the comment).
const SENDER_COMMENT = /^<!--mail-sender:([\w-]*)-->\n?/;
const noSender: MailSender = { name: "", domain: "", listUnsubscribe: "" };

function withSender(html: string, sender: MailSender): string {
  const encoded = base64url.encode(new TextEncoder().encode(JSON.stringify(sender)));
  return `<!--mail-sender:${encoded}-->\n${html}`;
}

/** A stored mail's HTML as composed, and its sender (empty when the row was not written by queueMail). */
export function splitStoredHtml(stored: string): { html: string; sender: MailSender } {
  const match = SENDER_COMMENT.exec(stored);
  if (!match) return { html: stored, sender: noSender };
  let sender = noSender;
  try {
    const parsed = JSON.parse(new TextDecoder().decode(base64url.decode(match[1] ?? ""))) as Partial<MailSender>;
    sender = {
      name: String(parsed.name ?? ""),
      domain: String(parsed.domain ?? ""),
      listUnsubscribe: String(parsed.listUnsubscribe ?? ""),
      ...(parsed.oneClick === true ? { oneClick: true } : {}),
    };
  } catch {
    // A damaged header only costs the sender name; the mail itself is intact.
  }
  return { html: stored.slice(match[0].length), sender };
}
