// node scripts/totp.ts <secret>: the code an authenticator app would show now
// for a TOTP secret (the demo operators' secrets are in scripts/seed/operators.ts).
import { currentTotp } from "#app/server/operators/totp.ts";

const secret = process.argv[2];
if (!secret) {
  console.error("Usage: node scripts/totp.ts <base32 secret>");
  process.exit(1);
}
console.log(await currentTotp(secret));
