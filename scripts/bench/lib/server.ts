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
import type { CallCounts } from "#workers/bench-calls.ts";
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
  /**
   * Restarts the Worker (same state) with the members' message rate limit as
   * wrangler.toml binds it, or with a stand-in that answers "within the limit"
   * at once. Bindings taken before a restart are stale: ask `bindings()` again.
   */
  messageRateLimit(kind: "binding" | "none"): Promise<void>;
  /** Every binding call the Worker and its Durable Objects made since they started (workers/bench-calls.ts). */
  calls(): Promise<CallCounts>;
  stop(): Promise<void>;
}

/** The stand-in for a rate-limit binding: every check is within the limit, answered at once. */
const withinLimit = {
  name: "within-limit",
  modules: true,
  script: `import { WorkerEntrypoint } from "cloudflare:workers";
export class WithinLimit extends WorkerEntrypoint { limit() { return { success: true }; } }
export default { fetch: () => new Response(null, { status: 404 }) };`,
  compatibilityDate: "2026-10-01",
};

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

/**
 * The Worker built into `buildDir` as Miniflare runs it (its modules as
 * workerd loads them), and the Workers it calls: for the benchmark's server,
 * and for scripts that read what only the Worker's Durable Objects hold.
 */
export function builtWorker(buildDir: string) {
  const { workerOptions, main, externalWorkers } = unstable_getMiniflareWorkerOptions(
    resolve(buildDir, "server", "wrangler.json"),
  );
  const { modulesRules: _, ...options } = workerOptions as typeof workerOptions & {
    modulesRules?: unknown;
    bindings?: Record<string, unknown>;
    ratelimits?: Record<string, unknown>;
    serviceBindings?: Record<string, unknown>;
  };
  return { worker: { ...options, modulesRoot: dirname(main!), modules: builtModules(main!) }, externalWorkers };
}

export async function startServer(options: { port: number; members?: number }): Promise<BenchServer> {
  // The build carries .dev.vars: the local providers.
  await ensureDevVars();
  const env = { ...quietEnv, STATE_DIR, BUILD_DIR, DEV_ROUTES: "1" };
  run([process.execPath, "scripts/seed.ts", "--reset", "--members", String(options.members ?? 1200)], env);
  run([bin("react-router"), "build"], env);

  const listeners = new Set<(line: Record<string, unknown>) => void>();
  const { worker: built, externalWorkers } = builtWorker(BUILD_DIR);
  const appOptions = (rateLimit: "binding" | "none") => {
    const { MESSAGE_RATE_LIMIT, ...ratelimits } = built.ratelimits ?? {};
    const worker = {
      ...built,
      // Counts every binding call (workers/app.local.ts); no other build or server sets it.
      bindings: { ...built.bindings, BENCH_CALLS: "1" },
      ...(rateLimit === "none"
        ? {
            ratelimits,
            serviceBindings: {
              ...built.serviceBindings,
              MESSAGE_RATE_LIMIT: { name: "within-limit", entrypoint: "WithinLimit" },
            },
          }
        : { ratelimits: { ...ratelimits, MESSAGE_RATE_LIMIT } }),
    };
    return convertV4MiniflareOptions({
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
      workers: [worker, withinLimit, ...externalWorkers],
    } as never);
  };
  const app = new Miniflare(appOptions("binding"));
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
    messageRateLimit: async (kind) => {
      await app.setOptions(appOptions(kind));
    },
    calls: async () => {
      // Any room answers for the whole isolate; this one holds nothing else.
      const env = await app.getBindings<Env>();
      const room = env.CONVERSATION_ROOM.get(env.CONVERSATION_ROOM.idFromName("bench:calls"));
      const response = await room.fetch("http://room/", { headers: { "X-Bench-Calls": "1" } });
      return (await response.json()) as CallCounts;
    },
    stop: async () => {
      await Promise.all([app.dispose(), bare.dispose()]);
    },
  };
}
