// Members budgets: search stays index-only and fast at 100k members
// (time and D1 rows read per search, next to a trivial query in the same run,
// plus the query plan), and /api/likes.php under load with rows read.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { count, eq } from "drizzle-orm";
import { createDb } from "#app/server/db/client.ts";
import { regions, users } from "#app/server/db/schema.ts";
import { likesState } from "#app/server/likes/likes.ts";
import { searchIdsQuery, searchMembers, searchQuerySchema } from "#app/server/members/search.ts";
import { builtInSettings } from "#app/server/settings/defaults.ts";
import { quietEnv, withLocalBindings } from "../lib/local.ts";
import type { Budget } from "./foundation.ts";
import { countingD1 } from "./lib/d1-rows.ts";
import { load, table } from "./lib/load.ts";
import type { BenchServer } from "./lib/server.ts";

const BIG_STATE = ".wrangler/bench-100k";
const BIG = 100_000;
const RUNS = 30;

/** `member`: searched by a member living in a Dutch region (people first: their region, country and age first). */
const shapes: [string, Record<string, string>, "member"?][] = [
  ["no filters", {}],
  ["gender + country", { gender: "female", country: "NL" }],
  ["gender + country + ages", { gender: "male", country: "DE", min_age: "30", max_age: "45" }],
  ["gender only, page 20", { gender: "female", page: "20" }],
  ["country + region", { country: "NL", countryregion: "5" }],
  ["with photo", { with_photo: "1" }],
  ["member: gender", { gender: "male" }, "member"],
  ["member: gender, page 5", { gender: "male", page: "5" }, "member"],
  ["member: gender + own country", { gender: "female", country: "NL" }, "member"],
];

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function ensureBigState() {
  const enough = existsSync(BIG_STATE)
    ? await withLocalBindings(async (env) => {
        const [row] = await createDb(env.DB).select({ n: count() }).from(users);
        return (row?.n ?? 0) >= BIG;
      }, BIG_STATE)
    : false;
  if (enough) return;
  console.log(`Seeding ${BIG.toLocaleString("en")} members into ${BIG_STATE} (once)...`);
  const seeded = spawnSync(
    process.execPath,
    ["scripts/seed.ts", "--reset", "--members", String(BIG), "--photo-rows-only"],
    { stdio: ["ignore", "inherit", "inherit"], env: { ...quietEnv, STATE_DIR: BIG_STATE } },
  );
  if (seeded.status !== 0) throw new Error("seeding the 100k-member state failed");
}

export async function benchMembers(server: BenchServer): Promise<Budget[]> {
  await ensureBigState();
  const rows = await withLocalBindings(async (env) => {
    const db = createDb(env.DB);
    const now = Date.now();
    const trivial: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const started = performance.now();
      await env.DB.prepare("select 1").first();
      trivial.push(performance.now() - started);
    }
    const [region] = await db.select({ id: regions.id }).from(regions).where(eq(regions.country, "NL")).limit(1);
    const member = { id: 0, profile: { country: "NL", regionId: region?.id ?? null, dateOfBirth: "1985-06-01" } };
    const results = [];
    for (const [name, filters, who] of shapes) {
      const query = searchQuerySchema.parse(filters);
      const viewer = who === "member" ? member : null;
      const times: number[] = [];
      for (let i = 0; i < RUNS; i++) {
        const started = performance.now();
        await searchMembers({ db, settings: builtInSettings, now: () => now, viewer }, query);
        times.push(performance.now() - started);
      }
      const counted = countingD1(env.DB);
      await searchMembers({ db: createDb(counted.db), settings: builtInSettings, now: () => now, viewer }, query);
      const statement = searchIdsQuery({ db, settings: builtInSettings, now: () => now, viewer }, query, now).toSQL();
      const plan = await env.DB.prepare(`EXPLAIN QUERY PLAN ${statement.sql}`)
        .bind(...statement.params)
        .all<{ detail: string }>();
      const details = plan.results.map((r) => r.detail);
      results.push({
        name,
        ms: median(times),
        rowsRead: counted.totals.rowsRead,
        // Every arm of the pool searches a covering index; none reads the table.
        covering:
          details.some((d) => d.includes("COVERING INDEX")) &&
          details.every((d) => !d.includes(" profiles ") || d.includes("COVERING INDEX")) &&
          !details.some((d) => /^SCAN profiles$/.test(d)),
        plan: details.find((d) => d.includes("profiles")) ?? details.join(" | "),
      });
    }
    return { trivial: median(trivial), results };
  }, BIG_STATE);

  console.log(`\nMembers: search at ${BIG.toLocaleString("en")} members (median of ${RUNS}, local D1)\n`);
  console.log(
    table([
      ["search", "ms", "× trivial query", "rows read", "covering index", "plan"],
      ...rows.results.map((r) => [
        r.name,
        r.ms.toFixed(1),
        (r.ms / rows.trivial).toFixed(1),
        r.rowsRead,
        r.covering ? "yes" : "NO",
        r.plan.slice(0, 70),
      ]),
    ]),
  );
  console.log(`trivial query (select 1): ${rows.trivial.toFixed(2)} ms`);

  // /api/likes.php for a logged-in member, on the served build.
  const login = await fetch(`${server.url}/api/user.php`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "X-Requested-With": "XMLHttpRequest", Origin: server.url },
    body: JSON.stringify({ email: "premium@hartslag.example", password: "hartslag-demo" }),
  });
  const cookie = login.headers
    .getSetCookie()
    .find((c) => c.startsWith("session="))!
    .split(";")[0]!;
  const headers = { cookie };
  await fetch(`${server.url}/api/likes.php`, { headers });
  const [ceiling, likes] = [
    await load(server.url, "ceiling", "/api/ping"),
    await load(server.url, "likes.php", "/api/likes.php", { headers }),
  ];
  const counted = countingD1((await server.bindings()).DB);
  await likesState({ db: createDb(counted.db), settings: builtInSettings, now: Date.now }, 2);
  const likesRows = counted.totals;
  console.log(
    `\n/api/likes.php: ${likes.rps.toFixed(0)} req/s (${((likes.rps / ceiling.rps) * 100).toFixed(0)} % of ceiling), p50 ${likes.p50} ms, p99 ${likes.p99} ms, ${likesRows.statements} statements, ${likesRows.rowsRead} rows read`,
  );

  const worst = Math.max(...rows.results.map((r) => r.ms / rows.trivial));
  const maxRows = Math.max(...rows.results.map((r) => r.rowsRead));
  return [
    {
      name: "search index-only at 100k",
      value: rows.results.every((r) => r.covering) ? "yes" : "no",
      target: "yes",
      holds: rows.results.every((r) => r.covering),
    },
    {
      name: "slowest search at 100k / trivial query",
      value: `${worst.toFixed(1)} ×`,
      target: "≤ 3 ×",
      holds: worst <= 3,
    },
    { name: "rows read per search at 100k", value: String(maxRows), target: "≤ 1000", holds: maxRows <= 1000 },
    {
      name: "likes.php / ceiling",
      value: `${((likes.rps / ceiling.rps) * 100).toFixed(0)} %`,
      target: "≥ 60 %",
      holds: likes.rps / ceiling.rps >= 0.6,
    },
  ];
}
