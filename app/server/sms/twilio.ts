// Twilio's Messages API, which a Worker can call with fetch: a form-encoded
// POST of To, From and Body to the account's Messages resource with HTTP
// Basic auth (account SID and auth token). Twilio answers 201 with the
// message's sid; an error is JSON with Twilio's code and message.
import type { SmsConfig } from "#app/server/config/env.ts";
import { DeliveryError, fetchWithin } from "#app/server/outbox/queue.ts";

export type TwilioConfig = Extract<SmsConfig, { provider: "twilio" }>;

export interface SmsSender {
  readonly name: SmsConfig["provider"];
  /** Whether the text is dropped once delivered: it holds a code. */
  readonly dropsText: boolean;
  /** Resolves with the provider's id; rejects (DeliveryError) when the text was not taken. */
  send(sms: { to: string; body: string }): Promise<{ providerId: string | null }>;
}

export function twilioSender(config: TwilioConfig, timeoutMs: number): SmsSender {
  const base = config.apiUrl.replace(/\/+$/, "");
  const url = `${base}/2010-04-01/Accounts/${encodeURIComponent(config.accountSid)}/Messages.json`;
  const authorization = `Basic ${btoa(`${config.accountSid}:${config.authToken}`)}`;
  return {
    name: "twilio",
    dropsText: true,
    async send({ to, body }) {
      const response = await fetchWithin("Twilio", timeoutMs, url, {
        method: "POST",
        headers: { authorization, "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ To: to, From: config.from, Body: body }),
      });
      const answer = (await response.json().catch(() => null)) as { sid?: unknown; code?: unknown; message?: unknown };
      if (!response.ok) {
        const code = typeof answer?.code === "number" ? ` (${answer.code})` : "";
        const message = typeof answer?.message === "string" ? `: ${answer.message.slice(0, 200)}` : "";
        // 400 is Twilio's refusal of this text (an invalid number, a blocked recipient); the rest may pass later.
        throw new DeliveryError(`Twilio answered ${response.status}${code}${message}`, {
          permanent: response.status === 400,
        });
      }
      return { providerId: typeof answer?.sid === "string" ? answer.sid : null };
    },
  };
}
