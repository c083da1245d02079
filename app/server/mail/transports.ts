// Where queued mail goes (external services behind an interface with a
// local default), as the configuration says (config/env.ts). "cloudflare":
// Cloudflare Email Service through the send_email binding, in production.
// "http": a provider's JSON API. "outbox": the outbox table itself is the
// mailbox, read at /dev/mail.
import type { MailConfig } from "#app/server/config/env.ts";
import { DeliveryError, fetchWithin } from "#app/server/outbox/queue.ts";
import type { MailSender } from "./compose.ts";

interface OutgoingMail {
  to: string;
  subject: string;
  html: string;
  text: string;
  sender: MailSender;
}

export interface MailTransport {
  readonly name: MailConfig["transport"];
  /** Whether the bodies are dropped once delivered: they can hold one-time links. */
  readonly dropsBodies: boolean;
  /** Resolves with the provider's id for the mail (null when it has none); rejects when it was not accepted. */
  send(mail: OutgoingMail): Promise<{ providerId: string | null }>;
}

const HTTP_TIMEOUT_MS = 15_000;

/** The transport the configuration names; `timeoutMs` bounds an HTTP provider's answer. */
export function createMailTransport(config: MailConfig, options: { timeoutMs?: number } = {}): MailTransport {
  if (config.transport === "outbox") return outboxTransport;
  if (config.transport === "http") return httpTransport(config, options.timeoutMs ?? HTTP_TIMEOUT_MS);
  return cloudflareTransport(config);
}

const outboxTransport: MailTransport = {
  name: "outbox",
  dropsBodies: false,
  send: async () => ({ providerId: null }),
};

function senderAddress(sender: MailSender, from?: string) {
  if (!from && !sender.domain) throw new DeliveryError("no sender address: set MAIL_FROM", { permanent: true });
  return from ?? `noreply@${sender.domain}`;
}

/** Cloudflare Email Service: the structured message; the binding throws when the service refuses it. */
function cloudflareTransport(config: { binding: SendEmail; from?: string }): MailTransport {
  return {
    name: "cloudflare",
    dropsBodies: true,
    async send(mail) {
      const email = senderAddress(mail.sender, config.from);
      const name = mail.sender.name.replace(/[\r\n]+/g, " ").trim();
      const { messageId } = await config.binding.send({
        from: name ? { name, email } : email,
        to: mail.to,
        subject: mail.subject,
        html: mail.html,
        text: mail.text,
        headers: listHeaders(mail.sender),
      });
      return { providerId: messageId || null };
    },
  };
}

// A refusal of the mail itself: sending it again cannot help.
const PERMANENT_STATUSES = new Set([400, 413, 422]);

function httpTransport(config: { url: string; key: string; from?: string }, timeoutMs: number): MailTransport {
  return {
    name: "http",
    dropsBodies: true,
    async send(mail) {
      const response = await fetchWithin("mail provider", timeoutMs, config.url, {
        method: "POST",
        headers: { authorization: `Bearer ${config.key}`, "content-type": "application/json" },
        body: JSON.stringify({
          from: fromHeader(mail.sender, senderAddress(mail.sender, config.from)),
          to: mail.to,
          subject: mail.subject,
          html: mail.html,
          text: mail.text,
          headers: listHeaders(mail.sender),
        }),
      });
      const answer = await response.text();
      if (!response.ok) {
        throw new DeliveryError(`mail provider answered ${response.status}: ${answer.slice(0, 200)}`, {
          permanent: PERMANENT_STATUSES.has(response.status),
        });
      }
      return { providerId: providerId(answer) };
    },
  };
}

/** `Name <address>`, the name quoted when it holds characters RFC 5322 reserves. */
function fromHeader(sender: MailSender, address = `noreply@${sender.domain}`): string {
  const name = sender.name.replace(/[\r\n]+/g, " ").trim();
  if (!name) return address;
  const display = /^[\p{L}\p{N} !#$%&'*+\-/=?^_`{|}~]+$/u.test(name) ? name : `"${name.replace(/(["\\])/g, "\\$1")}"`;
  return `${display} <${address}>`;
}

/** RFC 2369 opt-out, and RFC 8058 one-click when the first URL takes a POST. */
function listHeaders(sender: MailSender): Record<string, string> {
  if (!sender.listUnsubscribe) return {};
  return {
    "List-Unsubscribe": sender.listUnsubscribe,
    ...(sender.oneClick ? { "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" } : {}),
  };
}

function providerId(answer: string): string | null {
  try {
    const id = (JSON.parse(answer) as { id?: unknown } | null)?.id;
    return typeof id === "string" || typeof id === "number" ? String(id) : null;
  } catch {
    // A 2xx without a JSON body still means the provider took the mail.
    return null;
  }
}
