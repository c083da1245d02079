// Serves the build for a benchmark the way Cloudflare runs it: the built Worker
// straight in workerd (Miniflare in this process), with no `vite preview` in
// front, whose Node proxy saturates long before workerd does and then fails
// requests. Beside it, a bare Worker answering a constant on the same runtime:
// the physical ceiling the ratios can be read against. Sections prepare and
// count through this Miniflare's own bindings, since a second process writing
// the same SQLite files meets SQLITE_BUSY.
import { spawnSync } from "node:child_process";
import { readdirSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { convertV4MiniflareOptions, Miniflare } from "miniflare";
import { unstable_getMiniflareWorkerOptions } from "wrangler";
import { ensureDevVars } from "../../lib/dev-vars.ts";
import { bin, quietEnv } from "../../lib/local.ts";

export interface BenchServer {
  url: string;
  /** The bare Worker's address: a constant answer, nothing else. */
  bareUrl: string;
  /** The served Worker's bindings (D1, KV, R2, Durable Objects, its variables), as scripts use them. */
  bindings(): Promise<Env>;
  /** Calls `listener` with each structured log line of the Worker (its JSON `msg` and fields). */
  onLog(listener: (line: Record<string, unknown>) => void): () => void;
  stop(): Promise<void>;
}

const BUILD_DIR = process.env.BUILD_DIR ?? "build-bench";
const STATE_DIR = process.env.STATE_DIR ?? ".wrangler/bench";

function run(args: string[], env: NodeJS.ProcessEnv) {
  const result = spawnSync(args[0]!, args.slice(1), { stdio: ["ignore", "ignore", "inherit"], env });
  if (result.status !== 0) throw new Error(`${args.join(" ")} failed with status ${result.status}`);
}

/** Every module of the built Worker, as workerd loads them. */
function builtModules(main: string) {
  const root = dirname(main);
  const files = readdirSync(resolve(root, "assets"), { recursive: true })
    .map(String)
    .filter((file) => /\.(js|wasm)$/.test(file))
    .map((file) => resolve(root, "assets", file));
  return [main, ...files].map((path) => ({ type: path.endsWith(".wasm") ? "CompiledWasm" : "ESModule", path }));
}

export async function startServer(options: { port: number; members?: number }): Promise<BenchServer> {
  // The build carries .dev.vars: the local providers.
  await ensureDevVars();
  const env = { ...quietEnv, STATE_DIR, BUILD_DIR, DEV_ROUTES: "1" };
  run([process.execPath, "scripts/seed.ts", "--reset", "--members", String(options.members ?? 1200)], env);
  run([bin("react-router"), "build"], env);

  const listeners = new Set<(line: Record<string, unknown>) => void>();
  const { workerOptions, main, externalWorkers } = unstable_getMiniflareWorkerOptions(
    resolve(BUILD_DIR, "server", "wrangler.json"),
  );
  const { modulesRules: _, ...options_ } = workerOptions as typeof workerOptions & { modulesRules?: unknown };
  const app = new Miniflare(
    convertV4MiniflareOptions({
      host: "127.0.0.1",
      port: options.port,
      resourcePersistencePath: resolve(STATE_DIR, "v3"),
      handleStructuredLogs: ({ message }: { message: string }) => {
        if (!listeners.size || !message.startsWith("{")) return;
        try {
          const line = JSON.parse(message) as Record<string, unknown>;
          for (const listener of listeners) listener(line);
        } catch {}
      },
      workers: [{ ...options_, modulesRoot: dirname(main!), modules: builtModules(main!) }, ...externalWorkers],
    } as never),
  );
  const bare = new Miniflare(
    convertV4MiniflareOptions({
      host: "127.0.0.1",
      port: options.port + 1,
      workers: [
        {
          name: "bare",
          modules: true,
          script: "export default { fetch: () => Response.json({ ok: true }) };",
          compatibilityDate: "2026-10-01",
        },
      ],
    } as never),
  );
  const [url, bareUrl] = await Promise.all([app.ready, bare.ready]);
  return {
    url: url.origin,
    bareUrl: bareUrl.origin,
    bindings: () => app.getBindings<Env>(),
    onLog(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    stop: async () => {
      await Promise.all([app.dispose(), bare.dispose()]);
    },
  };
}
