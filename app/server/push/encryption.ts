// Web Push message encryption (RFC 8291, "aes128gcm" of RFC 8188) by
// @block65/webcrypto-web-push: WebCrypto only, a fresh key pair and salt per
// message, one record. Without the library's padding to 4 KB, which would
// multiply every push's size. The reading side is the browser's (the tests
// have their own, tests/push-reader.ts).
import { encryptNotification } from "@block65/webcrypto-web-push";

export interface SubscriptionKeys {
  /** The browser's P-256 public key, base64url (keys.p256dh). */
  p256dh: string;
  /** The 16-byte authentication secret, base64url (keys.auth). */
  auth: string;
}

/** The request body for one push message; throws when it does not fit one 4096-byte record. */
export function encryptPayload(
  plaintext: Uint8Array,
  subscription: SubscriptionKeys,
): Promise<Uint8Array<ArrayBuffer>> {
  const { p256dh, auth } = subscription;
  return encryptNotification({ endpoint: "", expirationTime: null, keys: { p256dh, auth } }, plaintext, { pad: false });
}
