// Every Worker variable and secret the app reads, with what it is for. The
// config schema (env.ts), `.dev.vars.example` and the README's deploy
// checklist are all checked against this one list by tests.
import { z } from "zod";

export interface Variable {
  /** "secret": set with `wrangler secret put`; "var": a plain value in the Worker's settings. */
  kind: "var" | "secret";
  /** Must be set, always. */
  required?: true;
  /** Must be set when another variable has this value ("MAIL_TRANSPORT=http"), or is set at all ("CDN_PURGE_HOSTS"). */
  when?: string;
  /** The value when unset: production's. */
  default?: string;
  /** Values only a local Worker may have (APP_ENV=development). */
  localOnly?: string[];
  what: string;
  schema: z.ZodType<string | undefined>;
}

const optional = (schema: z.ZodType<string>) => z.preprocess((v) => (v === "" ? undefined : v), schema.optional());
const secret = optional(z.string().min(32, "needs at least 32 characters"));
const url = optional(z.url({ protocol: /^https?$/, error: "must be an http(s) URL" }));
const address = optional(z.email({ error: "must be an e-mail address" }));

export const variables = {
  APP_ENV: {
    default: "production",
    kind: "var",
    what: 'Leave unset in production. "development" allows the local providers (outbox, sandbox) and trusts the CF-IPCountry header.',
    schema: optional(z.string().regex(/^(production|development)$/, 'must be "production" or "development"')),
  },
  MAIL_TRANSPORT: {
    localOnly: ["outbox"],
    default: "cloudflare",
    kind: "var",
    what: '"cloudflare" (default: the EMAIL send_email binding), "http" (a provider\'s JSON API) or, locally, "outbox".',
    schema: optional(z.string().regex(/^(cloudflare|http|outbox)$/, 'must be "cloudflare", "http" or "outbox"')),
  },
  MAIL_FROM: {
    kind: "var",
    what: "Sender address for every domain (noreply@<domain> when unset; the domain must be onboarded for sending).",
    schema: address,
  },
  MAIL_API_URL: {
    kind: "var",
    when: "MAIL_TRANSPORT=http",
    what: "The HTTP mail provider's send endpoint.",
    schema: url,
  },
  MAIL_API_KEY: {
    kind: "secret",
    when: "MAIL_TRANSPORT=http",
    what: "Bearer token of the HTTP mail provider.",
    schema: optional(z.string().min(8, "needs at least 8 characters")),
  },
  MAIL_LINK_SECRET: {
    required: true,
    kind: "secret",
    what: "Signs the unsubscribe links in mails (32+ random characters).",
    schema: secret,
  },
  MAIL_WEBHOOK_SECRET: {
    required: true,
    kind: "secret",
    what: "Shared secret the mail provider's bounce and complaint webhook presents (32+ random characters).",
    schema: secret,
  },
  PAYMENT_PROVIDER: {
    localOnly: ["sandbox"],
    default: "mollie",
    kind: "var",
    what: '"mollie" (default) or, locally, "sandbox" (a checkout page of our own where you choose the outcome).',
    schema: optional(z.string().regex(/^(mollie|sandbox)$/, 'must be "mollie" or "sandbox"')),
  },
  MOLLIE_API_KEY: {
    kind: "secret",
    when: "PAYMENT_PROVIDER=mollie",
    what: "Mollie API key (live_… in production, test_… for Mollie's test mode).",
    schema: optional(z.string().regex(/^(live|test)_\w{20,}$/, "must be a Mollie key (live_… or test_…)")),
  },
  MOLLIE_API_URL: {
    default: "https://api.mollie.com",
    kind: "var",
    what: "Mollie's API base; only changed to point at a local fake.",
    schema: url,
  },
  SMS_PROVIDER: {
    localOnly: ["outbox"],
    default: "twilio",
    kind: "var",
    what: '"twilio" (default) or, locally, "outbox" (texts are only listed at /dev/mail).',
    schema: optional(z.string().regex(/^(twilio|outbox)$/, 'must be "twilio" or "outbox"')),
  },
  TWILIO_ACCOUNT_SID: {
    kind: "var",
    when: "SMS_PROVIDER=twilio",
    what: "Twilio account SID (AC…).",
    schema: optional(z.string().regex(/^AC[0-9a-f]{32}$/, "must be a Twilio account SID (AC + 32 hex digits)")),
  },
  TWILIO_AUTH_TOKEN: {
    kind: "secret",
    when: "SMS_PROVIDER=twilio",
    what: "Twilio auth token.",
    schema: optional(z.string().min(16, "needs at least 16 characters")),
  },
  SMS_FROM: {
    kind: "var",
    when: "SMS_PROVIDER=twilio",
    what: "Sender of the texts: a phone number in E.164 (+31…) or an alphanumeric sender id of up to 11 characters.",
    schema: optional(z.string().regex(/^(\+[1-9]\d{6,14}|[A-Za-z0-9 ]{1,11})$/, "must be +E.164 or up to 11 letters")),
  },
  TWILIO_API_URL: {
    default: "https://api.twilio.com",
    kind: "var",
    what: "Twilio's API base; only changed to point at a local fake.",
    schema: url,
  },
  CDN_PURGE_HOSTS: {
    kind: "var",
    what: "Hosts purged of a photo's old URLs when it stops being public, with their Cloudflare zone ids: host=zone,host=zone. Unlisted hosts rely on the shared-cache lifetime (under an hour).",
    schema: optional(
      z
        .string()
        .regex(
          /^[a-z0-9.-]+=[0-9a-f]{32}(,[a-z0-9.-]+=[0-9a-f]{32})*$/,
          "must be host=zone id (32 hex digits), comma-separated",
        ),
    ),
  },
  CLOUDFLARE_API_TOKEN: {
    kind: "secret",
    when: "CDN_PURGE_HOSTS",
    what: "Cloudflare API token with the Cache Purge permission on the zones of CDN_PURGE_HOSTS.",
    schema: optional(z.string().min(20, "needs at least 20 characters")),
  },
  CLOUDFLARE_API_URL: {
    default: "https://api.cloudflare.com",
    kind: "var",
    what: "Cloudflare's API base; only changed to point at a local fake.",
    schema: url,
  },
  VAPID_PUBLIC_KEY: {
    required: true,
    kind: "var",
    what: "Web Push: the public P-256 key (base64url, 65 bytes), given to browsers.",
    schema: optional(z.string().regex(/^B[A-Za-z0-9_-]{86}$/, "must be an uncompressed P-256 key in base64url")),
  },
  VAPID_PRIVATE_KEY: {
    required: true,
    kind: "secret",
    what: "Web Push: the private P-256 key (base64url, 32 bytes) that signs push requests.",
    schema: optional(z.string().regex(/^[A-Za-z0-9_-]{43}$/, "must be a P-256 private key in base64url")),
  },
  VAPID_SUBJECT: {
    required: true,
    kind: "var",
    what: "Web Push: how push services reach the operator (mailto: or https: URL).",
    schema: optional(z.string().regex(/^(mailto:|https:\/\/)\S+$/, "must start with mailto: or https://")),
  },
} satisfies Record<string, Variable>;

export type VariableName = keyof typeof variables;
