// npm run seed [-- --reset] [-- --members N] [-- --without-photos | --photo-rows-only]: fills the local D1/R2/KV with
// reference data, demo members and the demo accounts. `npm start` runs it when
// the local database is empty. --reset starts from a fresh local state.
import { rmSync } from "node:fs";
import { parseArgs } from "node:util";
import { count } from "drizzle-orm";
import { hashPassword } from "#app/server/accounts/password.ts";
import { createDb } from "#app/server/db/client.ts";
import { users } from "#app/server/db/schema.ts";
import { applyLocalMigrations, stateDir, withLocalBindings } from "./lib/local.ts";
import { demoAccounts, seedDemoPurchases } from "./seed/demo-accounts.ts";
import { seedExampleDomains } from "./seed/domains.ts";
import { generateMember, insertMembers, memberLookups } from "./seed/members.ts";
import { seedOperators } from "./seed/operators.ts";
import { createRandom } from "./seed/random.ts";
import { seedReference } from "./seed/reference.ts";

const { values } = parseArgs({
  options: {
    reset: { type: "boolean", default: false },
    members: { type: "string", default: "1200" },
    "if-empty": { type: "boolean", default: false },
    "without-photos": { type: "boolean", default: false },
    // The search benchmark: photo rows without their files, and one member in four without a photo.
    "photo-rows-only": { type: "boolean", default: false },
  },
});

const memberCount = Number(values.members);
if (!Number.isInteger(memberCount) || memberCount < 0) throw new Error("--members takes a whole number");

if (values.reset) rmSync(stateDir, { recursive: true, force: true });
applyLocalMigrations();

await withLocalBindings(async (env) => {
  const db = createDb(env.DB);
  const domains = await seedExampleDomains(db, env.SETTINGS);
  if (domains.length) console.log(`Example domains: ${domains.join(", ")} (use them through the Host header).`);
  const [existing] = await db.select({ n: count() }).from(users);
  if ((existing?.n ?? 0) > 0) {
    if (!values["if-empty"])
      console.log(`The local database already has ${existing?.n} members; use --reset to start over.`);
    return;
  }

  const started = Date.now();
  const now = Date.now();
  const random = createRandom(20261123);
  const reference = await seedReference(db, env.DB);

  const { regionIds, interestIds } = await memberLookups(db);

  const accounts = await Promise.all(
    demoAccounts.map(async (account, index) => ({
      ...account,
      id: index + 1,
      passwordHash: await hashPassword(account.password),
      fictional: false,
    })),
  );
  const members = [
    ...accounts.map((account) => generateMember(random, now, regionIds, interestIds, account)),
    ...Array.from({ length: memberCount }, (_, i) =>
      generateMember(random, now, regionIds, interestIds, {
        id: accounts.length + i + 1,
        withPhotos: values["photo-rows-only"] ? (accounts.length + i + 1) % 4 !== 0 : !values["without-photos"],
        photoFiles: !values["photo-rows-only"],
      }),
    ),
  ];
  await insertMembers(env.DB, env.PHOTOS, members);
  await seedDemoPurchases(db, accounts, now);
  await seedOperators(db, now);

  console.log(
    `Seeded ${members.length} members, ${reference.interests} interests, ${reference.regions} regions in ${
      Date.now() - started
    } ms.`,
  );
});
