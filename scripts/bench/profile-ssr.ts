// Where a page's server render spends its CPU: serves a production build with
// wrangler dev (workerd with an inspector, no Node proxy in front), puts each
// page under load while the isolate is profiled, and prints req/s, CPU ms per
// request and the functions with the most self time. CPU per request comes
// twice: sampled by the profiler (the Worker's JavaScript only, inflated when
// other processes share the cores) and read from /proc for the workerd
// processes wrangler runs (the Worker, its D1 and streams, wrangler's proxy in
// front; other load on the machine does not count).
//
//   npx node scripts/bench/profile-ssr.ts --build build --state .wrangler/e2e / /members
//
// --save DIR also writes each page's profile as a .cpuprofile (open it in
// Chrome DevTools, Performance) for the call tree behind the table.
// The build must be one `scripts/e2e-server.ts` made (its state seeded).
import { spawn } from "node:child_process";
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { bin, quietEnv } from "../lib/local.ts";
import { inspectorUrl, profileWhile } from "./lib/cpu-profile.ts";
import { load, table } from "./lib/load.ts";

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    build: { type: "string", default: process.env.BUILD_DIR ?? "build" },
    state: { type: "string", default: process.env.STATE_DIR ?? ".wrangler/e2e" },
    port: { type: "string", default: "4391" },
    "inspector-port": { type: "string", default: "9391" },
    seconds: { type: "string", default: "5" },
    top: { type: "string", default: "15" },
    save: { type: "string" },
  },
});
const paths = positionals.length ? positionals : ["/", "/members"];
const base = `http://127.0.0.1:${values.port}`;
const inspectorPort = Number(values["inspector-port"]);
/** Linux's clock ticks per second, the unit of CPU times in /proc/<pid>/stat. */
const CLOCK_TICKS = 100;
// A visitor who has passed the site-entry warning, as in the foundation bench.
const headers = { cookie: "site_entry_skipped=1" };

const server = spawn(
  bin("wrangler"),
  [
    "dev",
    ...["--config", `${values.build}/server/wrangler.json`, "--persist-to", values.state],
    ...["--ip", "127.0.0.1", "--port", values.port, "--inspector-port", String(inspectorPort)],
    ...["--show-interactive-dev-session=false", "--log-level", "error"],
  ],
  { stdio: ["ignore", "ignore", "inherit"], env: quietEnv, detached: true },
);
const stop = () => server.pid && process.kill(-server.pid, "SIGTERM");
process.on("exit", stop);

try {
  await waitFor(`${base}/api/ping`);
  const ws = await inspectorUrl(inspectorPort);
  const workerd = descendants(server.pid!).filter((pid) =>
    readFileSync(`/proc/${pid}/cmdline`, "utf8").includes("workerd"),
  );
  const workerdMs = () => workerd.reduce((sum, pid) => sum + cpuMs(pid), 0);
  for (const path of ["/api/ping", ...paths]) {
    for (let i = 0; i < 5; i++) await (await fetch(base + path, { headers })).arrayBuffer();
    const before = workerdMs();
    const { result, cpu } = await profileWhile(
      ws,
      () => load(base, path, path, { headers, seconds: Number(values.seconds) }),
      { top: Number(values.top) },
    );
    const requests = result.rps * Number(values.seconds);
    const processMs = (workerdMs() - before) / requests;
    if (values.save) {
      mkdirSync(values.save, { recursive: true });
      const name = path.replace(/\W+/g, "-").replace(/^-|-$/g, "") || "home";
      writeFileSync(`${values.save}/${name}.cpuprofile`, JSON.stringify(cpu.profile));
    }
    console.log(
      `\n${path}: ${result.rps.toFixed(0)} req/s, p50 ${result.p50} ms, ` +
        `CPU ms per request: ${(cpu.busyMs / requests).toFixed(2)} sampled, ${processMs.toFixed(2)} workerd ` +
        `(${result.non2xx + result.errors} failed)\n`,
    );
    console.log(
      table([
        ["function", "self ms", "per request", "where"],
        ...cpu.top.map((f) => [f.name, f.ms.toFixed(0), (f.ms / requests).toFixed(3), f.where]),
      ]),
    );
  }
} finally {
  stop();
}

/** CPU time (user + system) a process has used, in ms. */
function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
}
function descendants(pid: number): number[] {
  const children = readdirSync("/proc")
    .filter((entry) => /^\d+$/.test(entry))
    .map(Number)
    .filter((child) => {
      try {
        return Number(readFileSync(`/proc/${child}/stat`, "utf8").split(") ")[1]!.split(" ")[1]) === pid;
      } catch {
        return false;
      }
    });
  return children.flatMap((child) => [child, ...descendants(child)]);
}

async function waitFor(url: string, timeoutMs = 60_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    const ok = await fetch(url).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`);
}
