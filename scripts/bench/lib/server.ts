// Starts the production build (scripts/e2e-server.ts) on its own local state for
// a benchmark, waits until it answers, and stops it afterwards.
import { type ChildProcess, spawn } from "node:child_process";
import { quietEnv } from "../../lib/local.ts";

export interface BenchServer {
  url: string;
  stateDir: string;
  stop(): Promise<void>;
}

export async function startServer(options: {
  port: number;
  members?: number;
  stateDir?: string;
}): Promise<BenchServer> {
  const stateDir = options.stateDir ?? ".wrangler/bench";
  const child: ChildProcess = spawn(
    process.execPath,
    ["scripts/e2e-server.ts", "--port", String(options.port), "--members", String(options.members ?? 1200)],
    { stdio: ["ignore", "ignore", "inherit"], env: { ...quietEnv, STATE_DIR: stateDir }, detached: true },
  );
  const url = `http://localhost:${options.port}`;
  const deadline = Date.now() + 240_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/api/ping`)).ok) break;
    } catch {}
    if (Date.now() > deadline) throw new Error("server did not start within 4 minutes");
    await new Promise((r) => setTimeout(r, 500));
  }
  return {
    url,
    stateDir,
    stop: async () => {
      if (child.pid) process.kill(-child.pid, "SIGTERM");
      await new Promise((r) => setTimeout(r, 500));
    },
  };
}
