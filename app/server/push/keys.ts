// The application server's VAPID identity (RFC 8292) and P-256 key handling
// with WebCrypto only. The key pair comes from Worker secrets
// (VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY, VAPID_SUBJECT); outside production a
// fixed development pair is used so a fresh checkout can push to its local
// push endpoint. That pair is public on purpose and refused in production.
import { base64url } from "#app/server/http/base64.ts";

/** Development only: anyone may know this pair, so production never uses it. */
export const DEV_VAPID = {
  publicKey: "BC-ff_qQ7EGT9DbHZz4pjNXCoqrYgiXbGVGfoy9svZ8rVRrDRSZMiG1GBoVeaVc2hXsa2UxHt9WGLVLjX-XN8gM",
  privateKey: "3kzqqotY99Wve0DUmriJezN5m0YpbHwEcstB2XEhGoo",
  subject: "mailto:push@localhost.example",
};

export interface VapidKeys {
  /** Uncompressed P-256 point, base64url: the browser's applicationServerKey. */
  publicKey: string;
  signingKey: CryptoKey;
  subject: string;
}

type PushEnv = Record<string, unknown>;

/** The raw public key the browser subscribes with; null when push is not configured. */
export function vapidPublicKey(env: PushEnv): string | null {
  return vapidConfig(env)?.publicKey ?? null;
}

function vapidConfig(env: PushEnv) {
  const text = (name: string) => (typeof env[name] === "string" ? (env[name] as string).trim() : "");
  const configured = { publicKey: text("VAPID_PUBLIC_KEY"), privateKey: text("VAPID_PRIVATE_KEY") };
  if (configured.publicKey && configured.privateKey) {
    return { ...configured, subject: text("VAPID_SUBJECT") || DEV_VAPID.subject };
  }
  if (env.APP_ENV === "production") return null;
  return DEV_VAPID;
}

const signingKeys = new Map<string, Promise<CryptoKey>>();

/** The VAPID keys to sign with, or null (production without secrets: push is off). */
export async function vapidKeys(env: PushEnv): Promise<VapidKeys | null> {
  const config = vapidConfig(env);
  if (!config) return null;
  let signingKey = signingKeys.get(config.privateKey);
  if (!signingKey) {
    signingKey = importPrivateKey(config.privateKey, config.publicKey, { name: "ECDSA", namedCurve: "P-256" }, [
      "sign",
    ]);
    signingKeys.set(config.privateKey, signingKey);
  }
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
