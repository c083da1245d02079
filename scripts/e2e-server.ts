// Serves the production build for end-to-end tests and benchmarks on a fresh
// local state of its own (STATE_DIR, default .wrangler/e2e): migrate, seed,
// build, then `vite preview` on a fixed port. It also makes the build without
// local tools, seeded on a state of its own, that tests/e2e/production.spec.ts
// serves with production configuration.
import { spawn, spawnSync } from "node:child_process";
import { createWriteStream } from "node:fs";
import { parseArgs } from "node:util";
import { ensureDevVars } from "./lib/dev-vars.ts";
import { bin, quietEnv } from "./lib/local.ts";
import { productionBuild } from "./lib/production-build.ts";

const { values } = parseArgs({
  options: {
    port: { type: "string", default: "4173" },
    members: { type: "string", default: "1200" },
    "skip-build": { type: "boolean", default: false },
  },
});
const env = { ...quietEnv, STATE_DIR: process.env.STATE_DIR ?? ".wrangler/e2e", DEV_ROUTES: "1" };

function run(command: string, args: string[], runEnv: NodeJS.ProcessEnv = env) {
  const result = spawnSync(command, args, { stdio: "inherit", env: runEnv });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

// The build carries .dev.vars into its preview configuration: the local providers.
await ensureDevVars();
run(process.execPath, ["scripts/seed.ts", "--reset", "--members", values.members]);
if (!values["skip-build"]) {
  const { DEV_ROUTES: _, ...production } = env;
  run(process.execPath, ["scripts/seed.ts", "--reset", "--members", "40"], {
    ...env,
    STATE_DIR: productionBuild.state,
  });
  // Stored settings make localhost a site the production build serves (without
  // them it answers 404, as for any unknown host). Served locally, request.cf
  // is invented (a US visitor): the site decides the country.
  run(process.execPath, ["scripts/domain.ts", "set", "localhost", "geoip_country=NL"], {
    ...env,
    STATE_DIR: productionBuild.state,
  });
  run(bin("react-router"), ["build"], { ...production, BUILD_DIR: productionBuild.dir });
  // Built last: `vite preview` serves the newest build. Tests read mails from the
  // local outbox page, so this one keeps the local tools.
  run(bin("react-router"), ["build"]);
}

// Its output also goes to a log beside the state, where a failing test finds
// the lines about its requests (tests/e2e/support.ts).
const log = createWriteStream(`${env.STATE_DIR}/server.log`);
const server = spawn(bin("vite"), ["preview", "--port", values.port, "--strictPort"], {
  stdio: ["ignore", "pipe", "pipe"],
  env,
});
server.stdout.on("data", (chunk) => {
  log.write(chunk);
  process.stdout.write(chunk);
});
server.stderr.on("data", (chunk) => {
  log.write(chunk);
  process.stderr.write(chunk);
});
for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => server.kill(signal));
server.on("exit", (code) => process.exit(code ?? 0));
