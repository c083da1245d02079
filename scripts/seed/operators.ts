// The operator console's demo accounts (README "Operator console"): one per
// role, with a known TOTP secret so a local demo (and the e2e tests) can sign
// in with any authenticator app or `node scripts/totp.ts <secret>`. Local
// seeds only: real operators enrol their own authenticator on first login.
import { hashPassword } from "#app/server/accounts/password.ts";
import type { Database } from "#app/server/db/client.ts";
import { operators } from "#app/server/db/schema.ts";

export const OPERATOR_DEMO_PASSWORD = "hartslag-console-demo";

export const demoOperators = [
  { email: "admin@hartslag.example", name: "Alex Admin", role: "admin", totpSecret: "HARTSLAGADMIN222" },
  { email: "moderator@hartslag.example", name: "Mo Moderator", role: "moderator", totpSecret: "HARTSLAGMODERATE" },
  { email: "support@hartslag.example", name: "Sam Support", role: "support", totpSecret: "HARTSLAGSUPPORT2" },
  // Answers members at the chat desk as the domain's fictional profiles.
  { email: "chat@hartslag.example", name: "Charlie Chat", role: "chat", totpSecret: "HARTSLAGCHATDESK" },
] as const;

export async function seedOperators(db: Database, now: number) {
  const passwordHash = await hashPassword(OPERATOR_DEMO_PASSWORD);
  await db
    .insert(operators)
    .values(demoOperators.map((o) => ({ ...o, passwordHash, totpEnabled: true, createdAt: now })))
    .onConflictDoNothing();
}
