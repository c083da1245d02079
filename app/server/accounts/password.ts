// Password hashing: argon2id at OWASP's minimum (m=19 MiB, t=2, p=1), stored as
// a PHC string so parameters can rise later without breaking old hashes.
// Pure JS (@noble/hashes) because workerd forbids compiling WebAssembly at run
// time; see docs/decisions/0001-password-hashing.md for the cost measured.
import { argon2idAsync } from "@noble/hashes/argon2.js";
import { base64 } from "#app/server/http/base64.ts";

const PARAMS = { m: 19_456, t: 2, p: 1 } as const;
const SALT_BYTES = 16;
const HASH_BYTES = 32;

/** A PHC string at the production cost; tests' fixtures pass the lowest cost. */
export async function hashPassword(password: string, cost: { m: number; t: number; p: number } = PARAMS) {
  const salt = crypto.getRandomValues(new Uint8Array(SALT_BYTES));
  const hash = await argon2idAsync(password.normalize("NFKC"), salt, { ...cost, dkLen: HASH_BYTES });
  return `$argon2id$v=19$m=${cost.m},t=${cost.t},p=${cost.p}$${base64.encode(salt)}$${base64.encode(hash)}`;
}

const PHC = /^\$argon2id\$v=19\$m=(\d+),t=(\d+),p=(\d+)\$([A-Za-z0-9+/]+)\$([A-Za-z0-9+/]+)$/;

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const match = PHC.exec(stored);
  if (!match) return false;
  const [, m, t, p, salt, expected] = match as unknown as [string, string, string, string, string, string];
  const want = base64.decode(expected);
  const got = await argon2idAsync(password.normalize("NFKC"), base64.decode(salt), {
    m: Number(m),
    t: Number(t),
    p: Number(p),
    dkLen: want.length,
  });
  return timingSafeEqual(got, want);
}

/** A stored hash no password matches: for seeded members nobody logs in as. */
export const UNUSABLE_PASSWORD_HASH = "!";

// Verified against when there is no account to check, so a login for an
// unknown address takes as long as one for a known address.
const DUMMY_HASH = "$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHRzYWx0c2FsdA$0v2Sa6rHnsQ8Ww9aKTn5uY8c2pmM9IlTB7SGLxNCu4U";

/** A login's password check: against the account's hash, or in the same time against none. */
export async function verifyLoginPassword(password: string, stored: string | null): Promise<boolean> {
  const valid = await verifyPassword(password, stored ?? DUMMY_HASH);
  return stored !== null && valid;
}

function timingSafeEqual(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= (a[i] ?? 0) ^ (b[i] ?? 0);
  return diff === 0;
}
