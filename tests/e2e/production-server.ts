// Serves the production build (made by scripts/e2e-server.ts, without local
// tools) with `wrangler dev` and the variables given, as a deployed Worker
// would run with them: nothing of .dev.vars. Its log is kept for the tests.
import { type ChildProcess, spawn } from "node:child_process";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { stripVTControlCharacters } from "node:util";
import { bin, quietEnv } from "../../scripts/lib/local.ts";
import { productionBuild } from "../../scripts/lib/production-build.ts";

export interface ProductionServer {
  url: string;
  /** Everything the Worker logged so far. */
  log(): string;
  stop(): Promise<void>;
}

const STARTUP_MS = 60_000;

export async function serveProductionBuild(port: number, vars: Record<string, string>): Promise<ProductionServer> {
  // wrangler reads the variables of a local run from .dev.vars beside the config;
  // the build copied the developer's there, so it is replaced whole.
  const lines = Object.entries(vars).map(([name, value]) => `${name}=${JSON.stringify(value)}`);
  writeFileSync(join(productionBuild.dir, "server", ".dev.vars"), `${lines.join("\n")}\n`);
  const child: ChildProcess = spawn(
    bin("wrangler"),
    [
      "dev",
      ...["--config", join(productionBuild.dir, "server", "wrangler.json")],
      "--local",
      ...["--ip", "127.0.0.1", "--port", String(port)],
      ...["--persist-to", productionBuild.state],
      "--show-interactive-dev-session=false",
    ],
    { env: quietEnv, detached: true, stdio: ["ignore", "pipe", "pipe"] },
  );
  let output = "";
  const keep = (chunk: Buffer) => (output += stripVTControlCharacters(String(chunk)));
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  // "localhost": the domain whose settings the e2e server seeded for this state.
  const url = `http://localhost:${port}`;
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once("exit", () => resolve());
      process.kill(-child.pid!, "SIGTERM");
    });

  const deadline = Date.now() + STARTUP_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`wrangler dev exited:\n${output}`);
    const answered = await fetch(`http://127.0.0.1:${port}/api/ping`).then(
      () => true,
      () => false,
    );
    if (answered) return { url, log: () => output, stop };
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  await stop();
  throw new Error(`the production build did not answer within ${STARTUP_MS} ms:\n${output}`);
}
