// The application server's VAPID identity (RFC 8292) and P-256 key handling
// with WebCrypto only. The key pair is the Worker's (VAPID_PUBLIC_KEY,
// VAPID_PRIVATE_KEY, VAPID_SUBJECT, read by the config module); locally
// `npm start` generates one per checkout.

import { kept } from "#app/kept.ts";
import { appConfig } from "#app/server/config/env.ts";
import { base64url } from "#app/server/http/base64.ts";

export interface VapidKeys {
  /** Uncompressed P-256 point, base64url: the browser's applicationServerKey. */
  publicKey: string;
  signingKey: CryptoKey;
  subject: string;
}

/**
 * The raw public key the browser subscribes with: the domain's own
 * (push_public_key) when set, else the Worker's. Only public keys are served.
 */
export function vapidPublicKey(env: Env, domainKey = ""): string {
  return domainKey || appConfig(env).push.publicKey;
}

const signingKeys = new Map<string, Promise<CryptoKey>>();

/** The VAPID keys to sign with. */
export async function vapidKeys(env: Env): Promise<VapidKeys> {
  const config = appConfig(env).push;
  const signingKey = kept(signingKeys, config.privateKey, () =>
    importPrivateKey(config.privateKey, config.publicKey, { name: "ECDSA", namedCurve: "P-256" }, ["sign"]),
  );
  return { publicKey: config.publicKey, signingKey: await signingKey, subject: config.subject };
}

/** A P-256 private key from its raw scalar `d` and uncompressed public point (both base64url). */
export function importPrivateKey(
  d: string,
  publicKey: string | Uint8Array,
  algorithm: EcKeyImportParams,
  usages: KeyUsage[],
): Promise<CryptoKey> {
  const point = typeof publicKey === "string" ? base64url.decode(publicKey) : publicKey;
  const { x, y } = coordinates(point);
  return crypto.subtle.importKey(
    "jwk",
    { kty: "EC", crv: "P-256", d, x: base64url.encode(x), y: base64url.encode(y), ext: true },
    algorithm,
    false,
    usages,
  );
}

/** A P-256 public key from its uncompressed point (0x04 || x || y). */
export function importPublicKey(point: Uint8Array, algorithm: EcKeyImportParams, usages: KeyUsage[]) {
  coordinates(point);
  return crypto.subtle.importKey("raw", new Uint8Array(point), algorithm, false, usages);
}

function coordinates(point: Uint8Array) {
  if (point.length !== 65 || point[0] !== 0x04) throw new Error("not an uncompressed P-256 public key");
  return { x: point.slice(1, 33), y: point.slice(33, 65) };
}
