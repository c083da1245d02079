// Serves the production build for end-to-end tests and benchmarks on a fresh
// local state of its own (STATE_DIR, default .wrangler/e2e): migrate, seed,
// build, then `vite preview` on a fixed port.
import { spawn, spawnSync } from "node:child_process";
import { parseArgs } from "node:util";
import { bin, quietEnv } from "./lib/local.ts";

const { values } = parseArgs({
  options: {
    port: { type: "string", default: "4173" },
    members: { type: "string", default: "1200" },
    "skip-build": { type: "boolean", default: false },
  },
});
const env = { ...quietEnv, STATE_DIR: process.env.STATE_DIR ?? ".wrangler/e2e", DEV_ROUTES: "1" };

function run(command: string, args: string[]) {
  const result = spawnSync(command, args, { stdio: "inherit", env });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

run(process.execPath, ["scripts/seed.ts", "--reset", "--members", values.members]);
// Tests read mails from the local outbox page, so this build keeps the dev routes.
if (!values["skip-build"]) run(bin("react-router"), ["build"]);

const server = spawn(bin("vite"), ["preview", "--port", values.port, "--strictPort"], { stdio: "inherit", env });
for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => server.kill(signal));
server.on("exit", (code) => process.exit(code ?? 0));
