// The scale simulation: how fast each store fills. Members, conversations,
// paid messages and purchases are written on the bench server's state through
// the product's own paths (the seed's members, the room's sends over its
// socket, the sandbox checkout and its webhook), the bytes each store grows by
// are measured (D1 with dbstat, each Durable Object's SQLite file), and the
// growth is projected to a year at 1 M members and 2 M paid messages a day,
// and at ten times that. Beside it, the operator dashboard's D1 rows read with
// a million messages in its period (a state of its own: the daily totals and
// conversations the rooms' summaries leave in D1).
import { spawnSync } from "node:child_process";
import { and, eq, gte, lt, max } from "drizzle-orm";
import { createDb } from "#app/server/db/client.ts";
import { creditPackages, profiles, users } from "#app/server/db/schema.ts";
import { createLogger } from "#app/server/log.ts";
import { dashboard } from "#app/server/operators/dashboard.ts";
import { handleWebhook, startCheckout } from "#app/server/payments/checkout.ts";
import { settleSandboxPayment } from "#app/server/payments/sandbox.ts";
import { builtInSettings } from "#app/server/settings/defaults.ts";
import { quietEnv, withLocalBindings } from "../lib/local.ts";
import { generateMember, insertMembers, memberLookups } from "../seed/members.ts";
import { createRandom } from "../seed/random.ts";
import type { Budget } from "./foundation.ts";
import { countingD1 } from "./lib/d1-rows.ts";
import { table } from "./lib/load.ts";
import { daysUntil, type Growth, sizeAfter } from "./lib/projection.ts";
import { preparePairs, roomRun } from "./lib/rooms.ts";
import type { BenchServer } from "./lib/server.ts";
import { d1Bytes, objectBytes } from "./lib/store-sizes.ts";

const STATE_DIR = process.env.STATE_DIR ?? ".wrangler/bench";
const MEMBERS = Number(process.env.SCALE_MEMBERS ?? 2000);
const PAIRS = 40;
const MESSAGES = 5;
const BUSY_MESSAGES = 150;
const PURCHASES = 20;
const FIRST_MEMBER = 1000; // seeded members 1000.. are the simulation's pairs (chat uses 10.., the load run 500..)
const GB = 1e9;
const LIMIT = 10 * GB;

/** What a year looks like, per scale: the traffic the budgets name, and what we assume beside it. */
const SCALES = [
  { name: "1 M members, 2 M paid messages a day", members: 1e6, messagesPerDay: 2e6 },
  { name: "10 M members, 20 M paid messages a day", members: 1e7, messagesPerDay: 2e7 },
];
/** Assumed: conversations per member, purchases a day per member, the busiest room's and wallet's day. */
const ASSUMED = {
  conversationsPerMember: 2,
  purchasesPerMemberDay: 0.005,
  busiestRoomPerDay: 300,
  busiestWalletPerDay: 1000,
};

async function addMembers(env: Env, count: number) {
  const db = createDb(env.DB);
  const [top] = await db.select({ id: max(users.id) }).from(users);
  const { regionIds, interestIds } = await memberLookups(db);
  const random = createRandom(20261203);
  const first = (top?.id ?? 0) + 1;
  const members = Array.from({ length: count }, (_, i) =>
    generateMember(random, Date.now(), regionIds, interestIds, {
      id: first + i,
      passwordHash: "bench",
      withPhotos: true,
      photoFiles: false,
    }),
  );
  await insertMembers(env.DB, env.PHOTOS, members);
}

async function purchases(env: Env, buyers: number[], origin: string) {
  const db = createDb(env.DB);
  await db
    .update(profiles)
    .set({ country: "NL" })
    .where(and(gte(profiles.userId, buyers[0]!), lt(profiles.userId, buyers.at(-1)! + 1)));
  const [pkg] = await db
    .select({ id: creditPackages.id })
    .from(creditPackages)
    .where(and(eq(creditPackages.country, "NL"), eq(creditPackages.active, true)));
  const app = { db, env, settings: builtInSettings, now: Date.now, origin, log: createLogger("bench") };
  for (const id of buyers) {
    const member = { id, paidUser: true, profile: { country: "NL", gender: "female" } } as never;
    const { paymentId } = await startCheckout(app as never, member, {
      packageId: pkg!.id,
      method: "ideal",
      country: "NL",
    });
    const { results } = await env.DB.prepare("select provider_ref as ref from payments where id = ?")
      .bind(paymentId)
      .all<{ ref: string }>();
    await settleSandboxPayment(db, results[0]!.ref, "paid");
    await handleWebhook(app as never, "sandbox", results[0]!.ref);
  }
}

const sum = (sizes: Map<string, number>) => [...sizes.values()].reduce((a, b) => a + b, 0);
const gb = (bytes: number) =>
  bytes < GB ? `${(bytes / 1e6).toFixed(1)} MB` : `${(bytes / GB).toFixed(bytes < 10 * GB ? 2 : 0)} GB`;
const days = (growth: Growth, limit: number) => {
  const n = daysUntil(growth, limit);
  return n === null ? "never" : n === 0 ? "0 (at once)" : n.toLocaleString("en");
};

export async function benchScale(server: BenchServer): Promise<Budget[]> {
  // Many messages per member in a short time: the flood guard would refuse them, and it stores nothing.
  await server.messageRateLimit("none");
  let measured: Awaited<ReturnType<typeof simulate>>;
  try {
    measured = await simulate(server);
  } finally {
    await server.messageRateLimit("binding");
  }
  const dash = await dashboardRows();
  const { perMember, perConversation, perMessage, perPurchase, roomPerMessage, walletPerMovement, base } = measured;

  console.log(`\nScale: bytes each store grew by, measured on the bench state\n`);
  console.log(
    table([
      ["written", "count", "D1 B each", "room B each"],
      ["members (seed's rows: account, profile, photos, interests)", MEMBERS, perMember.toFixed(0), "-"],
      ["conversations (pair, sessions, a credit adjustment)", PAIRS, perConversation.toFixed(0), "-"],
      [
        "paid messages (through the room's socket)",
        measured.messages,
        perMessage.toFixed(0),
        roomPerMessage.toFixed(0),
      ],
      ["purchases (sandbox checkout and its webhook)", PURCHASES, perPurchase.toFixed(0), "-"],
    ]),
  );
  console.log(
    `D1 at the start: ${gb(base)}; a movement costs the busiest wallet ${walletPerMovement.toFixed(0)} B (its SQLite file's growth over its busy run).`,
  );
  console.log(
    `Assumed: ${ASSUMED.conversationsPerMember} conversations per member, ${ASSUMED.purchasesPerMemberDay * 100} % of members buy each day, the busiest room ${ASSUMED.busiestRoomPerDay} messages a day, the busiest wallet ${ASSUMED.busiestWalletPerDay} movements a day.\n`,
  );
  const rows = SCALES.map((scale) => {
    const d1: Growth = {
      start: base + scale.members * perMember + scale.members * ASSUMED.conversationsPerMember * perConversation,
      perDay: scale.messagesPerDay * perMessage + scale.members * ASSUMED.purchasesPerMemberDay * perPurchase,
    };
    const room: Growth = { start: 0, perDay: ASSUMED.busiestRoomPerDay * roomPerMessage };
    const wallet: Growth = { start: 0, perDay: ASSUMED.busiestWalletPerDay * walletPerMovement };
    return { scale, d1, room, wallet, d1Year: sizeAfter(d1, 365) };
  });
  console.log(
    table([
      ["scale", "store", "after a year", "days to half its limit"],
      ...rows.flatMap((r) => [
        [r.scale.name, "D1 (one database)", gb(r.d1Year), days(r.d1, LIMIT / 2)],
        ["", "busiest room", gb(sizeAfter(r.room, 365)), days(r.room, LIMIT / 2)],
        ["", "busiest wallet", gb(sizeAfter(r.wallet, 365)), days(r.wallet, LIMIT / 2)],
      ]),
    ]),
  );
  console.log(
    `\nDashboard at ${dash.messages.toLocaleString("en")} messages in its 30 days: ${dash.rowsRead.toLocaleString("en")} D1 rows read in ${dash.statements} statements (${dash.ms.toFixed(0)} ms)`,
  );

  const year = rows[0]!.d1Year;
  return [
    {
      name: "D1 rows read by the operator dashboard, 1 M messages seeded",
      value: dash.rowsRead.toLocaleString("en"),
      target: "≤ 10,000",
      holds: dash.rowsRead <= 10_000,
    },
    {
      name: "scale simulation: one D1 after a year at 1 M members, 2 M paid msgs/day",
      value: gb(year),
      target: "≤ 5 GB",
      holds: year <= 5 * GB,
    },
  ];
}

async function simulate(server: BenchServer) {
  let env = await server.bindings();
  const start = d1Bytes(STATE_DIR);
  await addMembers(env, MEMBERS);
  const afterMembers = d1Bytes(STATE_DIR);
  // Enough credits for the busy room's sender.
  const pairs = await preparePairs(env, PAIRS, FIRST_MEMBER, 100_000);
  const afterPairs = d1Bytes(STATE_DIR);
  const busyId = (await env.CONVERSATION_ROOM.idFromName(`conversation:${pairs[0]!.conversation}`)).toString();
  const roomsBefore = objectBytes(STATE_DIR, "ConversationRoom");
  const spread = await roomRun(server, pairs, MESSAGES, "scale");
  // The busy sender's wallet, over the busy run alone: its charges are all that wallet writes then.
  const busyWallet = (await env.WALLET.idFromName(String(pairs[0]!.members[0]))).toString();
  const walletsBefore = objectBytes(STATE_DIR, "MemberWallet");
  const busy = await roomRun(server, pairs.slice(0, 1), BUSY_MESSAGES, "busy");
  const walletsAfter = objectBytes(STATE_DIR, "MemberWallet");
  env = await server.bindings();
  const afterMessages = d1Bytes(STATE_DIR);
  const roomsAfter = objectBytes(STATE_DIR, "ConversationRoom");
  await purchases(env, pairs.map((p) => p.members[1]).slice(0, PURCHASES), server.url);
  const afterPurchases = d1Bytes(STATE_DIR);
  const messages = spread.paid + busy.paid;
  const walletFile = [...walletsAfter.keys()].find((file) => file.startsWith(busyWallet));
  const busyFile = [...roomsAfter.keys()].find((file) => file.startsWith(busyId));
  return {
    base: start.total,
    messages,
    perMember: (afterMembers.total - start.total) / MEMBERS,
    perConversation: (afterPairs.total - afterMembers.total) / PAIRS,
    perMessage: (afterMessages.total - afterPairs.total) / messages,
    perPurchase: (afterPurchases.total - afterMessages.total) / PURCHASES,
    walletPerMovement: walletFile
      ? ((walletsAfter.get(walletFile) ?? 0) - (walletsBefore.get(walletFile) ?? 0)) / Math.max(1, busy.paid)
      : 0,
    // The busiest room's growth over its messages (a page is 4 KB: many messages, so pages fill).
    roomPerMessage: busyFile
      ? ((roomsAfter.get(busyFile) ?? 0) - (roomsBefore.get(busyFile) ?? 0)) / (MESSAGES + BUSY_MESSAGES)
      : (sum(roomsAfter) - sum(roomsBefore)) / messages,
  };
}

const DASHBOARD_STATE = ".wrangler/bench-1m-messages";
const DASHBOARD_MESSAGES = 1_000_000;
const DASHBOARD_DAYS = 30;
const DASHBOARD_CONVERSATIONS = 400;
const DAY = 86_400_000;

/**
 * The dashboard's rows read with a million messages in its 30 days, in a state
 * of its own. Messages live in their rooms, and D1 holds what the rooms'
 * summaries write of them: conversations whose summary mark stands past their
 * messages, and daily totals per domain and day. Those are seeded straight
 * into D1 (the conversations once, the totals again each run so that they
 * cover the 30 days before today).
 */
async function dashboardRows() {
  // Migrations first, members once: a state kept from an older checkout gets the new tables.
  const seeded = spawnSync(
    process.execPath,
    ["scripts/seed.ts", "--if-empty", "--members", "1000", "--photo-rows-only"],
    { stdio: ["ignore", "ignore", "inherit"], env: { ...quietEnv, STATE_DIR: DASHBOARD_STATE } },
  );
  if (seeded.status !== 0) throw new Error("seeding the dashboard's state failed");
  const messages = await withLocalBindings(seedMessages, DASHBOARD_STATE);
  return withLocalBindings(async (env) => {
    const counted = countingD1(env.DB);
    const operator = { id: 1, email: "bench", name: "bench", role: "admin", totpEnabled: false };
    const started = performance.now();
    await dashboard({ db: createDb(counted.db), now: Date.now, operator } as never);
    return { messages, ms: performance.now() - started, ...counted.totals };
  }, DASHBOARD_STATE);
}

/** A million messages as the rooms' summaries leave them in D1; answers how many were seeded. */
async function seedMessages(env: Env) {
  const now = Date.now();
  const perConversation = DASHBOARD_MESSAGES / DASHBOARD_CONVERSATIONS;
  await env.DB.prepare(
    `with recursive n(i) as (select 0 union all select i + 1 from n where i < ${DASHBOARD_CONVERSATIONS - 1})
       insert or ignore into conversations (member_low, member_high, created_by, created_at)
       select 10 + 2 * i, 11 + 2 * i, 10 + 2 * i, ? from n`,
  )
    .bind(now)
    .run();
  const { results } = await env.DB.prepare("select distinct domain from users order by domain").all<{
    domain: string;
  }>();
  const domains = results.map((r) => r.domain);
  if (!domains.length) throw new Error("the dashboard's state has no members");
  // The messages spread over every day and domain; the first cells take what does not divide evenly.
  const cells = DASHBOARD_DAYS * domains.length;
  const today = Math.floor(now / DAY);
  const totals = domains.flatMap((domain, d) =>
    Array.from({ length: DASHBOARD_DAYS }, (_, i) => {
      const cell = d * DASHBOARD_DAYS + i;
      const n = Math.floor(DASHBOARD_MESSAGES / cells) + (cell < DASHBOARD_MESSAGES % cells ? 1 : 0);
      return env.DB.prepare("insert into daily_totals (domain, day, metric, n) values (?, ?, 'messages', ?)").bind(
        domain,
        today - i,
        n,
      );
    }),
  );
  await env.DB.batch([
    // Each conversation's summary has counted its share: its mark stands past its messages.
    env.DB.prepare(
      `update conversations set last_seq = ${perConversation} where id in (select id from conversations order by id limit ${DASHBOARD_CONVERSATIONS})`,
    ),
    env.DB.prepare("delete from daily_totals where metric = 'messages'"),
    ...totals,
  ]);
  const [seededTotal] = await env.DB.prepare("select sum(n) as n from daily_totals where metric = 'messages'")
    .all<{ n: number }>()
    .then((r) => r.results);
  return seededTotal?.n ?? 0;
}
