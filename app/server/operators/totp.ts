// The operator's second factor: TOTP as authenticator apps expect it (RFC 6238:
// SHA-1, 6 digits, 30 s), through @epic-web/totp. Enrolment shows an otpauth://
// URI and the secret as text (no QR image), once.
import { generateTOTP, getTOTPAuthUri, verifyTOTP } from "@epic-web/totp";

const params = { period: 30, digits: 6, algorithm: "SHA-1" } as const;

/** A new random secret (base32). */
export async function newTotpSecret(): Promise<string> {
  return (await generateTOTP(params)).secret;
}

export function totpUri(secret: string, accountName: string, issuer: string) {
  return getTOTPAuthUri({ ...params, secret, accountName, issuer });
}

/** Whether `code` is valid now (one step either side, for clocks that drift). */
export async function isValidTotp(secret: string, code: string): Promise<boolean> {
  if (!/^\d{6}$/.test(code)) return false;
  return (await verifyTOTP({ ...params, otp: code, secret, window: 1 })) !== null;
}

/** The code an authenticator shows now (tests and the seed's demo instructions). */
export async function currentTotp(secret: string): Promise<string> {
  return (await generateTOTP({ ...params, secret })).otp;
}
