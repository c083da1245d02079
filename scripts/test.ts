// `npm test`: every check in the order a failure is cheapest to find (lint and
// types, then unit and workerd tests, then the browser), stopping at the first
// stage that fails, and ending with how long each stage took so a slow stage is
// seen the day it grows.
//
// The browser's server (seed, two builds, serve: about a minute) is prepared
// from the start, beside the other stages, which leave a core idle much of the
// time; Playwright then finds it running. It is the server Playwright's own
// configuration names, started by the same command.
import { type ChildProcess, spawn } from "node:child_process";
import playwright from "../playwright.config.ts";
import { planBrowsers, thisMachine } from "./lib/browsers.ts";
import { bin, quietEnv } from "./lib/local.ts";

const stages: Array<{ name: string; command: string; args: string[] }> = [
  { name: "lint", command: "npm", args: ["run", "--silent", "lint"] },
  { name: "typecheck", command: "npm", args: ["run", "--silent", "typecheck"] },
  { name: "vitest", command: bin("vitest"), args: ["run"] },
  { name: "playwright", command: bin("playwright"), args: ["test"] },
];

// Playwright retries and reporters follow CI; everything else runs quietly offline.
const env: NodeJS.ProcessEnv = { ...quietEnv };
if (!process.env.CI) delete env.CI;

const runStarted = performance.now();
const seconds = (since: number) => (performance.now() - since) / 1000;
const times: Array<[string, number, string]> = [];

let failed: string | undefined;
// The journeys' browser first: a machine that cannot have one learns it now.
const browsersReady = await installBrowsers();
if (!browsersReady) failed = "browsers";
const server = browsersReady ? await prepareBrowserServer() : undefined;
for (const stage of failed ? [] : stages) {
  const started = performance.now();
  let ok = true;
  if (stage.name === "playwright" && server) {
    ok = await server.ready();
    times.push(["e2e server", server.seconds(), ok ? "ok (beside the stages above)" : "FAILED"]);
  }
  if (ok) ok = (await run(stage.command, stage.args)) === 0;
  times.push([stage.name, seconds(started), ok ? "ok" : "FAILED"]);
  if (!ok) {
    failed = stage.name;
    break;
  }
}
server?.stop();

console.log("\nnpm test, per stage:");
for (const [name, took, state] of times) console.log(`  ${name.padEnd(11)} ${took.toFixed(1).padStart(7)} s  ${state}`);
console.log(`  ${"total".padEnd(11)} ${seconds(runStarted).toFixed(1).padStart(7)} s  (wall clock)`);
process.exit(failed ? 1 : 0);

/** Debian's Chromium or Playwright's own, installed if missing (scripts/lib/browsers.ts). */
async function installBrowsers() {
  const started = performance.now();
  const plan = planBrowsers(thisMachine());
  console.log(plan.says);
  let ok = true;
  for (const [command, ...args] of plan.install) {
    if (!ok) break;
    ok = (await run(command!, args)) === 0;
    if (!ok) console.error(`failed: ${[command, ...args].join(" ")}`);
  }
  if (plan.install.length || !ok) times.push(["browsers", seconds(started), ok ? "ok" : "FAILED"]);
  return ok;
}

/** Runs a stage without blocking this process, which meanwhile watches the e2e server. */
function run(command: string, args: string[]) {
  return new Promise<number | null>((resolve) => {
    const child = spawn(command, args, { stdio: "inherit", env });
    child.on("error", () => resolve(null));
    child.on("exit", (code) => resolve(code));
  });
}

/**
 * Starts Playwright's web server now, unless one already answers (outside CI
 * Playwright reuses it, as it would have). Its output is kept and shown only if
 * it fails to come up; once up, its errors go to the console as Playwright's did.
 */
async function prepareBrowserServer() {
  const config = playwright.webServer;
  if (!config || Array.isArray(config) || !config.url || !config.command) return undefined;
  const { url, command } = config;
  const timeout = config.timeout ?? 60_000;
  if (await answers(url)) {
    if (env.CI) throw new Error(`${url} already answers: stop that server, CI starts its own`);
    return undefined;
  }
  const started = performance.now();
  const output: string[] = [];
  let up = false;
  const child: ChildProcess = spawn(command, { shell: true, detached: true, env, stdio: ["ignore", "pipe", "pipe"] });
  child.stdout?.on("data", (chunk: Buffer) => void (up || output.push(chunk.toString())));
  child.stderr?.on("data", (chunk: Buffer) => (up ? process.stderr.write(chunk) : output.push(chunk.toString())));
  let exited = false;
  child.on("exit", () => (exited = true));
  const stop = () => {
    if (!exited && child.pid) process.kill(-child.pid, "SIGTERM");
  };
  for (const signal of ["SIGINT", "SIGTERM"] as const)
    process.on(signal, () => {
      stop();
      process.exit(130);
    });
  // Watched from the start, so the report says when it was up, not when it was
  // needed; Playwright's time-out counts from when Playwright would have started it.
  let needed: number | undefined;
  const up$ = (async () => {
    while (!exited && (needed === undefined || performance.now() - needed < timeout)) {
      if (await answers(url)) return seconds(started);
      await new Promise((resolve) => setTimeout(resolve, 1_000));
    }
    return undefined;
  })();
  let took = 0;
  return {
    seconds: () => took,
    stop,
    async ready() {
      needed = performance.now();
      const upAfter = await up$;
      took = upAfter ?? seconds(started);
      if (upAfter !== undefined) {
        up = true;
        // Playwright finds it running and uses it.
        env.E2E_SERVER_RUNNING = "1";
        return true;
      }
      process.stderr.write(output.join(""));
      console.error(exited ? `the e2e server stopped (${command})` : `no answer from ${url} in ${timeout / 1000} s`);
      return false;
    },
  };
}

async function answers(url: string) {
  try {
    return (await fetch(url, { signal: AbortSignal.timeout(2_000) })).ok;
  } catch {
    return false;
  }
}
