// VAPID (RFC 8292): every push request carries a JWT signed with ES256 for the
// push service's origin, plus our public key, so the service can tell that the
// sender is the server the browser subscribed for. The verifying side is what
// the local push endpoint does with each request it receives. Signing is ours,
// not the encryption library's: that one reads the clock itself (tests and
// the hourly run pass theirs) and refuses http endpoints such as the local one.
import { base64url } from "#app/server/http/base64.ts";
import { importPublicKey, type VapidKeys } from "./keys.ts";

/** RFC 8292 §2: at most 24 hours ahead; 12 hours leaves room for clock skew. */
export const VAPID_TOKEN_SECONDS = 12 * 3600;

const encoder = new TextEncoder();
const json = (value: unknown) => base64url.encode(encoder.encode(JSON.stringify(value)));

export async function vapidToken(keys: VapidKeys, endpoint: string, now: number): Promise<string> {
  const unsigned = `${json({ typ: "JWT", alg: "ES256" })}.${json({
    aud: new URL(endpoint).origin,
    exp: Math.floor(now / 1000) + VAPID_TOKEN_SECONDS,
    sub: keys.subject,
  })}`;
  // WebCrypto gives ECDSA signatures as r || s (64 bytes): exactly JOSE's ES256 form.
  const signature = await crypto.subtle.sign(
    { name: "ECDSA", hash: "SHA-256" },
    keys.signingKey,
    encoder.encode(unsigned),
  );
  return `${unsigned}.${base64url.encode(new Uint8Array(signature))}`;
}

/** The Authorization header of a push request: `vapid t=<jwt>, k=<public key>`. */
export async function vapidAuthorization(keys: VapidKeys, endpoint: string, now: number): Promise<string> {
  return `vapid t=${await vapidToken(keys, endpoint, now)}, k=${keys.publicKey}`;
}

export type VapidCheck = { ok: true; publicKey: string; subject: string } | { ok: false; reason: string };

/** What a push service checks: scheme, signature by `k`, audience, expiry within 24 hours. */
export async function verifyVapidAuthorization(
  header: string | null,
  audience: string,
  now: number,
): Promise<VapidCheck> {
  const match = /^vapid\s+t=([\w-]+\.[\w-]+\.[\w-]+)\s*,\s*k=([\w-]+)\s*$/.exec(header ?? "");
  if (!match) return { ok: false, reason: "no vapid authorization" };
  const [, token, publicKey] = match as unknown as [string, string, string];
  const [head, body, signature] = token.split(".") as [string, string, string];
  try {
    const key = await importPublicKey(base64url.decode(publicKey), { name: "ECDSA", namedCurve: "P-256" }, ["verify"]);
    const valid = await crypto.subtle.verify(
      { name: "ECDSA", hash: "SHA-256" },
      key,
      new Uint8Array(base64url.decode(signature)),
      encoder.encode(`${head}.${body}`),
    );
    if (!valid) return { ok: false, reason: "bad signature" };
    const header_ = JSON.parse(new TextDecoder().decode(base64url.decode(head))) as { alg?: string };
    if (header_.alg !== "ES256") return { ok: false, reason: "not ES256" };
    const claims = JSON.parse(new TextDecoder().decode(base64url.decode(body))) as {
      aud?: string;
      exp?: number;
      sub?: string;
    };
    if (claims.aud !== audience) return { ok: false, reason: "wrong audience" };
    const seconds = Math.floor(now / 1000);
    if (typeof claims.exp !== "number" || claims.exp <= seconds || claims.exp > seconds + 24 * 3600) {
      return { ok: false, reason: "expired or too far ahead" };
    }
    if (typeof claims.sub !== "string" || !/^(mailto:|https:)/.test(claims.sub)) {
      return { ok: false, reason: "no contact subject" };
    }
    return { ok: true, publicKey, subject: claims.sub };
  } catch {
    return { ok: false, reason: "unreadable token or key" };
  }
}
