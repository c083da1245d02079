// Web Push message encryption (RFC 8291, "aes128gcm" of RFC 8188) with
// WebCrypto: a fresh ECDH key pair and salt per message, keys derived with
// HKDF from the shared secret and the subscription's auth secret, one record.
// Decryption (the browser's side) serves the local push endpoint's readers.
import { base64url } from "#app/server/http/base64.ts";
import { importPublicKey } from "./keys.ts";

const RECORD_SIZE = 4096;
/** Push services take at most 4096 bytes of body: header 86 + tag 16 + delimiter 1. */
const MAX_PLAINTEXT = RECORD_SIZE - 86 - 16 - 1;

const encoder = new TextEncoder();
type Bytes = Uint8Array<ArrayBuffer>;

function concat(...parts: Uint8Array[]): Bytes {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

async function hkdf(salt: Uint8Array, ikm: Uint8Array, info: Uint8Array, bytes: number): Promise<Bytes> {
  const key = await crypto.subtle.importKey("raw", concat(ikm), "HKDF", false, ["deriveBits"]);
  const bits = await crypto.subtle.deriveBits(
    { name: "HKDF", hash: "SHA-256", salt: concat(salt), info: concat(info) },
    key,
    bytes * 8,
  );
  return new Uint8Array(bits);
}

/** RFC 8291 §3.3–3.4 and RFC 8188 §2.2: the content key and nonce of a message. */
async function contentKeys(input: {
  sharedSecret: Uint8Array;
  auth: Uint8Array;
  uaPublic: Uint8Array;
  asPublic: Uint8Array;
  salt: Uint8Array;
}) {
  const keyInfo = concat(encoder.encode("WebPush: info\0"), input.uaPublic, input.asPublic);
  const ikm = await hkdf(input.auth, input.sharedSecret, keyInfo, 32);
  const cek = await hkdf(input.salt, ikm, encoder.encode("Content-Encoding: aes128gcm\0"), 16);
  const nonce = await hkdf(input.salt, ikm, encoder.encode("Content-Encoding: nonce\0"), 12);
  return { key: await crypto.subtle.importKey("raw", cek, "AES-GCM", false, ["encrypt", "decrypt"]), nonce };
}

async function ecdh(privateKey: CryptoKey, publicPoint: Uint8Array): Promise<Bytes> {
  const publicKey = await importPublicKey(publicPoint, { name: "ECDH", namedCurve: "P-256" }, []);
  return new Uint8Array(await crypto.subtle.deriveBits({ name: "ECDH", public: publicKey }, privateKey, 256));
}

export interface SubscriptionKeys {
  /** The browser's P-256 public key, base64url (keys.p256dh). */
  p256dh: string;
  /** The 16-byte authentication secret, base64url (keys.auth). */
  auth: string;
}

/**
 * The request body for one push message. `salt` and `senderKeys` are fixed only
 * to reproduce the RFC's test vector; otherwise both are fresh per message.
 */
export async function encryptPayload(
  plaintext: Uint8Array,
  subscription: SubscriptionKeys,
  fixed: { salt?: Uint8Array; senderKeys?: { privateKey: CryptoKey; publicKey: Uint8Array } } = {},
): Promise<Bytes> {
  if (plaintext.length > MAX_PLAINTEXT) throw new Error(`push payload over ${MAX_PLAINTEXT} bytes`);
  const uaPublic = base64url.decode(subscription.p256dh);
  const auth = base64url.decode(subscription.auth);
  if (auth.length !== 16) throw new Error("push auth secret must be 16 bytes");
  const salt = fixed.salt ?? crypto.getRandomValues(new Uint8Array(16));
  let sender = fixed.senderKeys;
  if (!sender) {
    const pair = (await crypto.subtle.generateKey({ name: "ECDH", namedCurve: "P-256" }, true, [
      "deriveBits",
    ])) as CryptoKeyPair;
    sender = {
      privateKey: pair.privateKey,
      publicKey: new Uint8Array((await crypto.subtle.exportKey("raw", pair.publicKey)) as ArrayBuffer),
    };
  }
  const sharedSecret = await ecdh(sender.privateKey, uaPublic);
  const { key, nonce } = await contentKeys({ sharedSecret, auth, uaPublic, asPublic: sender.publicKey, salt });
  // One record, so it is the last: padding delimiter 0x02 and no padding.
  const record = new Uint8Array(
    await crypto.subtle.encrypt({ name: "AES-GCM", iv: nonce }, key, concat(plaintext, Uint8Array.of(2))),
  );
  const header = new Uint8Array(21);
  header.set(salt, 0);
  new DataView(header.buffer).setUint32(16, RECORD_SIZE);
  header[20] = sender.publicKey.length;
  return concat(header, sender.publicKey, record);
}

/** The browser's side: reads an aes128gcm body with the subscription's private key. */
export async function decryptPayload(
  body: Uint8Array,
  receiver: { privateKey: CryptoKey; publicKey: Uint8Array; auth: Uint8Array },
): Promise<Bytes> {
  if (body.length < 21) throw new Error("push body too short");
  const salt = body.slice(0, 16);
  const idLength = body[20]!;
  const asPublic = body.slice(21, 21 + idLength);
  const sharedSecret = await ecdh(receiver.privateKey, asPublic);
  const { key, nonce } = await contentKeys({
    sharedSecret,
    auth: receiver.auth,
    uaPublic: receiver.publicKey,
    asPublic,
    salt,
  });
  const padded = new Uint8Array(
    await crypto.subtle.decrypt({ name: "AES-GCM", iv: nonce }, key, body.slice(21 + idLength)),
  );
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  if (padded[end] !== 2) throw new Error("push record is not the last one");
  return padded.slice(0, end);
}
