// The transactional outbox: a mail is a mail_outbox row written in the same D1
// batch as the change that causes it (a signup never exists without its
// activation mail, nor the mail without the signup). Delivery comes after,
// through the configured transport, right after the change (waitUntil) and
// every minute by cron; a mail the provider does not take is retried with
// back-off (outbox/queue.ts) over about half a day, then shown as stuck. The
// hourly job forgets mail sent or given up a month ago.
import { desc, eq, type SQL, sql } from "drizzle-orm";
import type { RequestContext } from "#app/context.ts";
import { appConfig } from "#app/server/config/env.ts";
import type { Database } from "#app/server/db/client.ts";
import { mailOutbox } from "#app/server/db/schema.ts";
import { base64url } from "#app/server/http/base64.ts";
import { errorFields } from "#app/server/log.ts";
import { forgetDelivered } from "#app/server/outbox/kept.ts";
import { deliverDue, type RetryPolicy } from "#app/server/outbox/queue.ts";
import type { MailMessage, MailSender } from "./compose.ts";
import { createMailTransport, type MailTransport } from "./transports.ts";

const MINUTE = 60_000;

/** Minutes to hours: 2, 4, 8 … 128 min, then every 4 hours; given up after 10 attempts (about 12 hours). */
const MAIL_RETRY: RetryPolicy = {
  firstDelayMs: 2 * MINUTE,
  maxDelayMs: 240 * MINUTE,
  maxAttempts: 10,
  // A send is bounded by the transport's time-out (15 s); a run that died leaves the mail for this long.
  leaseMs: 10 * MINUTE,
};

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
    nextAttemptAt: now,
  });
}

/** The same, written only while `condition` (SQL) holds inside the batch: a mail for a change that may find nothing to change. */
export function queueMailIf(db: Database, message: MailMessage, now: number, condition: SQL) {
  // Every column in table order (Drizzle's insert-select): id, to, template, locale, subject, html, text,
  // status, provider id, created, sent, attempts, next attempt, last error.
  return db
    .insert(mailOutbox)
    .select(
      sql`select null, ${message.to}, ${message.template}, ${message.locale}, ${message.subject}, ${withSender(
        message.html,
        message.sender,
      )}, ${message.text}, 'queued', null, ${now}, null, 0, ${now}, null where ${condition}`,
    );
}

/** Sends the mail that is due, longest waiting first. A failing mail waits for its retry; it never stops the run. */
export async function deliverQueuedMail(
  app: Pick<RequestContext, "db" | "env" | "log" | "now">,
  options: { limit?: number; timeoutMs?: number } = {},
): Promise<{ sent: number; retrying: number; failed: number }> {
  let transport: MailTransport;
  try {
    transport = createMailTransport(appConfig(app.env).mail, options);
  } catch (error) {
    // Misconfiguration: leave everything queued, to go out once it is fixed.
    app.log.error("mail transport not usable", errorFields(error));
    return { sent: 0, retrying: 0, failed: 0 };
  }

  return deliverDue(
    app,
    {
      table: mailOutbox,
      policy: MAIL_RETRY,
      what: "mail",
      fields: (row) => ({ mailId: row.id, template: row.template, transport: transport.name }),
      send: (row) => transport.send({ to: row.to, subject: row.subject, text: row.text, ...splitStoredHtml(row.html) }),
      clearedOnSend: transport.dropsBodies ? { html: "", text: "" } : {},
    },
    options.limit ?? 50,
  );
}

/** The hourly job: mail sent or given up more than 30 days after it was queued leaves the outbox (queued mail stays). */
export function forgetOldMail(app: Pick<RequestContext, "db">, now: number) {
  return forgetDelivered(app.db, mailOutbox, now);
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
