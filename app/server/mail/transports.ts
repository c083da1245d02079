// Where queued mail goes (external services behind an interface
// with a local default). "outbox": the outbox table itself is the mailbox,
// read at /dev/mail. "http": a provider's JSON API, e.g. in production.
import type { MailSender } from "./compose.ts";

export interface OutgoingMail {
  to: string;
  subject: string;
  html: string;
  text: string;
  sender: MailSender;
}

export interface MailTransport {
  readonly name: "outbox" | "http";
  /** Whether the bodies are dropped once delivered: they can hold one-time links. */
  readonly dropsBodies: boolean;
  /** Resolves with the provider's id for the mail (null when it has none); rejects when it was not accepted. */
  send(mail: OutgoingMail): Promise<{ providerId: string | null }>;
}

/** Worker vars and secrets, any of which may be missing. */
export type MailEnv = Record<string, string | undefined>;

const HTTP_TIMEOUT_MS = 15_000;

export class MailConfigError extends Error {
  override name = "MailConfigError";
}

/** The transport MAIL_TRANSPORT names; throws MailConfigError when it is unknown or incomplete. */
export function createMailTransport(env: MailEnv): MailTransport {
  const kind = env.MAIL_TRANSPORT || "outbox";
  if (kind === "outbox") return outboxTransport;
  if (kind === "http") {
    const url = env.MAIL_API_URL;
    const key = env.MAIL_API_KEY;
    if (!url || !/^https?:\/\//.test(url) || !key) {
      throw new MailConfigError("MAIL_TRANSPORT=http needs MAIL_API_URL (http(s)) and MAIL_API_KEY");
    }
    return httpTransport({ url, key, from: env.MAIL_FROM || undefined });
  }
  throw new MailConfigError(`unknown MAIL_TRANSPORT "${kind}"`);
}

export const outboxTransport: MailTransport = {
  name: "outbox",
  dropsBodies: false,
  send: async () => ({ providerId: null }),
};

export function httpTransport(config: { url: string; key: string; from?: string }): MailTransport {
  return {
    name: "http",
    dropsBodies: true,
    async send(mail) {
      if (!config.from && !mail.sender.domain) throw new Error("no sender address: set MAIL_FROM");
      const response = await fetch(config.url, {
        method: "POST",
        headers: { authorization: `Bearer ${config.key}`, "content-type": "application/json" },
        body: JSON.stringify({
          from: fromHeader(mail.sender, config.from),
          to: mail.to,
          subject: mail.subject,
          html: mail.html,
          text: mail.text,
          headers: listHeaders(mail.sender),
        }),
        signal: AbortSignal.timeout(HTTP_TIMEOUT_MS),
      });
      const answer = await response.text();
      if (!response.ok) throw new Error(`mail provider answered ${response.status}: ${answer.slice(0, 200)}`);
      return { providerId: providerId(answer) };
    },
  };
}

/** `Name <address>`, the name quoted when it holds characters RFC 5322 reserves. */
export function fromHeader(sender: MailSender, address = `noreply@${sender.domain}`): string {
  const name = sender.name.replace(/[\r\n]+/g, " ").trim();
  if (!name) return address;
  const display = /^[\p{L}\p{N} !#$%&'*+\-/=?^_`{|}~]+$/u.test(name) ? name : `"${name.replace(/(["\\])/g, "\\$1")}"`;
  return `${display} <${address}>`;
}

/** RFC 2369 opt-out, and RFC 8058 one-click when the first URL takes a POST. */
export function listHeaders(sender: MailSender): Record<string, string> {
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
