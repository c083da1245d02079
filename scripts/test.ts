// `npm test`: every check in the order a failure is cheapest to find (lint and
// types, then unit and workerd tests, then the browser), stopping at the first
// stage that fails, and ending with how long each stage took so a slow stage is
// seen the day it grows.
import { spawnSync } from "node:child_process";
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

const times: Array<[string, number, string]> = [];
let failed: string | undefined;
for (const stage of stages) {
  const started = performance.now();
  const result = spawnSync(stage.command, stage.args, { stdio: "inherit", env });
  const ok = result.status === 0;
  times.push([stage.name, (performance.now() - started) / 1000, ok ? "ok" : "FAILED"]);
  if (!ok) {
    failed = stage.name;
    break;
  }
}

const total = times.reduce((sum, [, seconds]) => sum + seconds, 0);
console.log("\nnpm test, per stage:");
for (const [name, seconds, state] of times)
  console.log(`  ${name.padEnd(11)} ${seconds.toFixed(1).padStart(7)} s  ${state}`);
console.log(`  ${"total".padEnd(11)} ${total.toFixed(1).padStart(7)} s`);
if (failed) process.exit(1);
