// The browser's side of Web Push (RFC 8291, aes128gcm): reads a push body
// with the subscription's private key. Written apart from the sending library,
// so each checks the other: shared by the workerd tests and the browser tests.
import { importPublicKey } from "#app/server/push/keys.ts";

type Bytes = Uint8Array<ArrayBuffer>;
const encoder = new TextEncoder();

const concat = (...parts: Uint8Array[]): Bytes => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
};

async function hkdf(salt: Uint8Array, ikm: Uint8Array, info: Uint8Array, bytes: number): Promise<Bytes> {
  const key = await crypto.subtle.importKey("raw", concat(ikm), "HKDF", false, ["deriveBits"]);
  const bits = await crypto.subtle.deriveBits(
    { name: "HKDF", hash: "SHA-256", salt: concat(salt), info: concat(info) },
    key,
    bytes * 8,
  );
  return new Uint8Array(bits);
}

/** Reads an aes128gcm body (one record) with the receiving browser's keys. */
export async function decryptPayload(
  body: Uint8Array,
  receiver: { privateKey: CryptoKey; publicKey: Uint8Array; auth: Uint8Array },
): Promise<Bytes> {
  if (body.length < 21) throw new Error("push body too short");
  const salt = body.slice(0, 16);
  const idLength = body[20]!;
  const asPublic = body.slice(21, 21 + idLength);
  const senderKey = await importPublicKey(asPublic, { name: "ECDH", namedCurve: "P-256" }, []);
  const sharedSecret = new Uint8Array(
    await crypto.subtle.deriveBits({ name: "ECDH", public: senderKey }, receiver.privateKey, 256),
  );
  // RFC 8291 §3.3–3.4 and RFC 8188 §2.2: the content key and nonce.
  const keyInfo = concat(encoder.encode("WebPush: info\0"), receiver.publicKey, asPublic);
  const ikm = await hkdf(receiver.auth, sharedSecret, keyInfo, 32);
  const cek = await hkdf(salt, ikm, encoder.encode("Content-Encoding: aes128gcm\0"), 16);
  const nonce = await hkdf(salt, ikm, encoder.encode("Content-Encoding: nonce\0"), 12);
  const key = await crypto.subtle.importKey("raw", cek, "AES-GCM", false, ["decrypt"]);
  const padded = new Uint8Array(
    await crypto.subtle.decrypt({ name: "AES-GCM", iv: nonce }, key, body.slice(21 + idLength)),
  );
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  if (padded[end] !== 2) throw new Error("push record is not the last one");
  return padded.slice(0, end);
}
