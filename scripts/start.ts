// npm start: the local configuration (.dev.vars, written from .dev.vars.example
// on first run), local migrations, demo data on first run, then the dev server
// with every Cloudflare binding emulated on disk (.wrangler/state). No account needed.
// `npm start -- --members N` seeds N demo members instead of the usual count;
// PORT and STATE_DIR give a second server its own port and data.
import { spawn, spawnSync } from "node:child_process";
import { parseArgs } from "node:util";
import { ensureDevVars } from "./lib/dev-vars.ts";
import { bin, quietEnv } from "./lib/local.ts";
import { demoAccounts } from "./seed/demo-accounts.ts";

const port = process.env.PORT ?? "5173";
const { values } = parseArgs({ options: { members: { type: "string" } } });

const added = await ensureDevVars();
if (added.length) console.log(`  .dev.vars: wrote ${added.join(", ")}`);

const seeded = spawnSync(
  process.execPath,
  ["scripts/seed.ts", "--if-empty", ...(values.members ? ["--members", values.members] : [])],
  { stdio: "inherit", env: quietEnv },
);
if (seeded.status !== 0) process.exit(seeded.status ?? 1);

console.log(`
  Demo accounts (password for all: ${demoAccounts[0].password})
${demoAccounts.map((a) => `    ${a.email.padEnd(28)} ${a.role}`).join("\n")}

  Open http://localhost:${port}/  (mails sent locally: http://localhost:${port}/dev/mail)
`);

const server = spawn(bin("react-router"), ["dev", "--port", port, "--strictPort"], {
  stdio: "inherit",
  env: { ...quietEnv, CI: process.env.CI ?? "" },
});
for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => server.kill(signal));
server.on("exit", (code) => process.exit(code ?? 0));
