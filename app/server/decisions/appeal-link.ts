// The signed link to /appeal for whoever cannot log in to appeal: a reporter
// who made a notice without an account, a banned member. It names (and signs)
// the domain and the e-mail address the statement went to, so it shows only
// the decisions about that address, cannot be forged, and needs no row of
// its own (the mail carrying it is written in the same batch as the decision,
// before the decision has an id).
import { appConfig } from "#app/server/config/env.ts";
import { base64url } from "#app/server/http/base64.ts";
import type { OperatorContext } from "#app/server/operators/context.ts";

type SecretEnv = Pick<OperatorContext, "env">;

const encoder = new TextEncoder();
const decoder = new TextDecoder();

async function signature(app: SecretEnv, recipient: string): Promise<string> {
  const secret = appConfig(app.env).mailLinkSecret;
  const key = await crypto.subtle.importKey("raw", encoder.encode(secret), { name: "HMAC", hash: "SHA-256" }, false, [
    "sign",
  ]);
  const mac = new Uint8Array(await crypto.subtle.sign("HMAC", key, encoder.encode(`appeal:${recipient}`)));
  return base64url.encode(mac.slice(0, 18));
}

const recipientOf = (domain: string, email: string) => `${domain.toLowerCase()} ${email.trim().toLowerCase()}`;

/** The link to /appeal for the statements mailed to `email` on `domain`. */
export async function appealLink(app: SecretEnv, to: { origin: string; domain: string; email: string }) {
  const recipient = recipientOf(to.domain, to.email);
  const token = `${base64url.encode(encoder.encode(recipient))}.${await signature(app, recipient)}`;
  const url = new URL("/appeal", to.origin);
  url.searchParams.set("token", token);
  return url.toString();
}

/** The domain and address a link's token stands for, or null when we did not sign it. */
export async function verifyAppealToken(app: SecretEnv, token: string) {
  const match = /^([A-Za-z0-9_-]{4,400})\.([A-Za-z0-9_-]{24})$/.exec(token);
  if (!match) return null;
  let recipient: string;
  try {
    recipient = decoder.decode(base64url.decode(match[1]!));
  } catch {
    return null;
  }
  const expected = await signature(app, recipient);
  // Constant-time comparison: the signature is a secret until it is right.
  let diff = 0;
  for (let i = 0; i < expected.length; i++) diff |= expected.charCodeAt(i) ^ (match[2]!.charCodeAt(i) ?? 0);
  if (diff !== 0) return null;
  const [domain, email] = recipient.split(" ");
  return domain && email ? { domain, email } : null;
}
