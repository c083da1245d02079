// The foundation's budgets: JSON endpoints and SSR pages against the
// ceiling (/api/ping) of the same server in the same run, first-load JS of /,
// and D1 rows read per /members request.
import { createDb } from "#app/server/db/client.ts";
import { searchMembers, searchQuerySchema } from "#app/server/members/search.ts";
import { builtInSettings } from "#app/server/settings/defaults.ts";
import { countingD1 } from "./lib/d1-rows.ts";
import { firstLoadJs } from "./lib/first-load-js.ts";
import { type LoadResult, load, table } from "./lib/load.ts";
import type { BenchServer } from "./lib/server.ts";

/** The pages a visitor lands on first: the home page and a lander. */
const FIRST_LOAD_PAGES = ["/", "/landers/gallery/milf"];

export interface Budget {
  name: string;
  value: string;
  target: string;
  holds: boolean;
}

export async function benchFoundation(server: BenchServer): Promise<Budget[]> {
  const headers = { cookie: "site_entry_skipped=1" };
  const targets: [string, string][] = [
    ["bare Worker", "/"],
    ["ceiling", "/api/ping"],
    ["settings.php", "/api/settings.php"],
    ["interests.php", "/api/interests.php"],
    ["home SSR", "/"],
    ["members SSR", "/members"],
  ];
  // Warm up every route once (first requests compile and fill caches).
  const base = (name: string) => (name === "bare Worker" ? server.bareUrl : server.url);
  for (const [name, path] of targets) await fetch(base(name) + path, { headers });
  const results: LoadResult[] = [];
  for (const [name, path] of targets) results.push(await load(base(name), name, path, { headers }));
  const ceiling = results.find((r) => r.name === "ceiling")!.rps;
  const bare = results[0]!.rps;
  console.log("\nFoundation: throughput on loopback (16 connections, 6 s each)\n");
  console.log(
    table([
      ["endpoint", "req/s", "p50 ms", "p99 ms", "errors", "non-2xx", "of ceiling", "of bare Worker"],
      ...results.map((r) => [
        `${r.name} ${r.path}`,
        r.rps.toFixed(0),
        r.p50.toFixed(1),
        r.p99.toFixed(1),
        r.errors,
        r.non2xx,
        `${((r.rps / ceiling) * 100).toFixed(0)} %`,
        `${((r.rps / bare) * 100).toFixed(0)} %`,
      ]),
    ]),
  );

  const firstLoads = [];
  for (const path of FIRST_LOAD_PAGES) {
    const js = await firstLoadJs(server.url, path);
    firstLoads.push({ path, ...js });
    console.log(
      `First-load JS of ${path}: ${js.files} files, ${(js.raw / 1024).toFixed(1)} KB raw, ${(js.gzip / 1024).toFixed(1)} KB gzip`,
    );
  }

  const { db: counted, totals } = countingD1((await server.bindings()).DB);
  await searchMembers({ db: createDb(counted), settings: builtInSettings, now: Date.now }, searchQuerySchema.parse({}));
  console.log(`D1 per /members request: ${totals.statements} statements, ${totals.rowsRead} rows read`);

  const ratio = (name: string) => (results.find((r) => r.name === name)!.rps / ceiling) * 100;
  const json = Math.min(ratio("settings.php"), ratio("interests.php"));
  return [
    { name: "JSON endpoints / ceiling", value: `${json.toFixed(0)} %`, target: "≥ 60 %", holds: json >= 60 },
    {
      name: "/members SSR / ceiling",
      value: `${ratio("members SSR").toFixed(0)} %`,
      target: "≥ 35 %",
      holds: ratio("members SSR") >= 35,
    },
    {
      name: "/ SSR / ceiling",
      value: `${ratio("home SSR").toFixed(0)} %`,
      target: "≥ 40 %",
      holds: ratio("home SSR") >= 40,
    },
    ...firstLoads.map((js) => ({
      name: `first-load JS of ${js.path} (gzip)`,
      value: `${(js.gzip / 1024).toFixed(1)} KB`,
      target: "≤ 90 KB",
      holds: js.gzip <= 90 * 1024,
    })),
    {
      name: "errors under load",
      value: String(results.reduce((n, r) => n + r.errors + r.non2xx, 0)),
      target: "0",
      holds: results.every((r) => r.errors + r.non2xx === 0),
    },
  ];
}
