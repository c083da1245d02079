// Local Cloudflare bindings for scripts (seed, domain CLI, tests' setup): the
// same on-disk state `npm start` serves, or another one chosen with STATE_DIR.
import { spawnSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { getPlatformProxy, unstable_readConfig } from "wrangler";

export const stateDir = process.env.STATE_DIR ?? ".wrangler/state";

export const quietEnv = {
  ...process.env,
  // The project's Node 24 (the `node` devDependency) first, as `npm run` does.
  PATH: `${resolve("node_modules", ".bin")}:${process.env.PATH ?? ""}`,
  WRANGLER_SEND_METRICS: "false",
  CLOUDFLARE_CF_FETCH_ENABLED: "false",
  CI: "true",
};

/** A tool from node_modules/.bin, so scripts also work when run with plain `node`. */
export function bin(name: string): string {
  return resolve("node_modules", ".bin", name);
}

type D1Config = { binding: string; database_name?: string; database_id?: string };

/**
 * wrangler.toml's storage bindings alone (D1, KV, R2), for scripts: the Durable
 * Objects live in the Worker, which scripts do not run, and would only warn.
 */
function storageConfig(): string {
  const config = unstable_readConfig({ config: "wrangler.toml" });
  const path = resolve(".wrangler", "tmp", "storage.wrangler.json");
  mkdirSync(resolve(".wrangler", "tmp"), { recursive: true });
  writeFileSync(
    path,
    JSON.stringify({
      name: config.name,
      compatibility_date: config.compatibility_date,
      d1_databases: config.d1_databases.map(({ binding, database_name, database_id }: D1Config) => ({
        binding,
        database_name,
        database_id,
      })),
      kv_namespaces: config.kv_namespaces.map(({ binding, id }: { binding: string; id?: string }) => ({ binding, id })),
      r2_buckets: config.r2_buckets.map(({ binding, bucket_name }: { binding: string; bucket_name?: string }) => ({
        binding,
        bucket_name,
      })),
    }),
  );
  return path;
}

export async function withLocalBindings<T>(fn: (env: Env) => Promise<T>, dir = stateDir): Promise<T> {
  const proxy = await getPlatformProxy<Env>({
    configPath: storageConfig(),
    persist: { path: resolve(dir, "v3") },
    remoteBindings: false,
  });
  try {
    return await fn(proxy.env);
  } finally {
    await proxy.dispose();
  }
}

/** Runs wrangler with the project's settings; exits the script if it fails. */
export function wrangler(args: string[], options: { quiet?: boolean } = {}): string {
  const result = spawnSync(bin("wrangler"), args, {
    env: quietEnv,
    encoding: "utf8",
    stdio: ["ignore", "pipe", "pipe"],
  });
  if (result.error) throw result.error;
  if (result.status !== 0) {
    process.stderr.write(`${result.stdout}${result.stderr}`);
    throw new Error(`wrangler ${args.join(" ")} failed with status ${result.status}`);
  }
  if (!options.quiet) process.stdout.write(result.stdout);
  return result.stdout;
}

export function applyLocalMigrations() {
  wrangler(["d1", "migrations", "apply", "DB", "--local", "--persist-to", stateDir], { quiet: true });
}
