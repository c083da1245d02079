// npm run domain -- <command>: read and write domain settings in KV, validated by
// the app's own schema. Local KV by default; --remote for the deployed namespace.
//
//   list                               domains with settings
//   get <domain>                       the stored settings (or the built-in defaults)
//   set <domain> <file.json>           replace the settings with a JSON file
//   set <domain> key=value [...]       change fields (values are JSON, else text)
//   delete <domain>                    remove the settings (the defaults apply)
import { readFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { builtInSettings } from "#app/server/settings/defaults.ts";
import { parseSettings, settingsKey } from "#app/server/settings/resolve.ts";
import { withLocalBindings, wrangler } from "./lib/local.ts";

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { remote: { type: "boolean", default: false } },
});
const [command, domain, ...rest] = positionals;

interface Store {
  list(): Promise<string[]>;
  get(key: string): Promise<string | null>;
  put(key: string, value: string): Promise<void>;
  delete(key: string): Promise<void>;
}

const remoteStore: Store = {
  async list() {
    const keys = JSON.parse(
      wrangler(["kv", "key", "list", "--binding", "SETTINGS", "--remote", "--prefix", "domain:"], { quiet: true }),
    ) as { name: string }[];
    return keys.map((k) => k.name);
  },
  async get(key) {
    try {
      return wrangler(["kv", "key", "get", key, "--binding", "SETTINGS", "--remote", "--text"], { quiet: true });
    } catch {
      return null;
    }
  },
  async put(key, value) {
    wrangler(["kv", "key", "put", key, value, "--binding", "SETTINGS", "--remote"], { quiet: true });
  },
  async delete(key) {
    wrangler(["kv", "key", "delete", key, "--binding", "SETTINGS", "--remote"], { quiet: true });
  },
};

function localStore(kv: KVNamespace): Store {
  return {
    list: async () => (await kv.list({ prefix: "domain:" })).keys.map((k) => k.name),
    get: (key) => kv.get(key),
    put: (key, value) => kv.put(key, value),
    delete: (key) => kv.delete(key),
  };
}

function parseValue(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

async function run(store: Store) {
  if (command === "list") {
    for (const key of await store.list()) console.log(key.slice("domain:".length));
    return;
  }
  if (!domain) fail("Name the domain, e.g. `npm run domain -- get hartslag.nl`.");
  const key = settingsKey(domain);

  if (command === "get") {
    const stored = await store.get(key);
    if (stored === null) console.error(`No settings for ${domain}; it uses the built-in defaults:`);
    console.log(JSON.stringify(stored === null ? { ...builtInSettings, domain } : JSON.parse(stored), null, 2));
    return;
  }
  if (command === "delete") {
    await store.delete(key);
    console.log(`Removed the settings of ${domain}.`);
    return;
  }
  if (command === "set") {
    let next: unknown;
    if (rest.length === 1 && !rest[0]!.includes("=")) {
      next = JSON.parse(readFileSync(rest[0]!, "utf8"));
    } else if (rest.length > 0) {
      const stored = await store.get(key);
      const current = stored === null ? { ...builtInSettings, domain } : (JSON.parse(stored) as object);
      const changes = Object.fromEntries(
        rest.map((pair) => {
          const at = pair.indexOf("=");
          if (at < 1) fail(`Expected key=value, got "${pair}".`);
          return [pair.slice(0, at), parseValue(pair.slice(at + 1))];
        }),
      );
      next = { ...current, ...changes };
    } else {
      fail("Give a JSON file or key=value pairs.");
    }
    // Dated when saved: the sitemap's last change of the domain's pages.
    const parsed = parseSettings({ ...(next as object), updated_at: new Date().toISOString() });
    if (!parsed.ok) fail(`Not saved; the settings do not pass the schema:\n  ${parsed.error.replaceAll("; ", "\n  ")}`);
    await store.put(key, JSON.stringify(parsed.settings));
    console.log(`Saved the settings of ${domain}${values.remote ? " (remote)" : ""}.`);
    return;
  }
  fail("Commands: list, get <domain>, set <domain> <file.json | key=value ...>, delete <domain>");
}

if (values.remote) await run(remoteStore);
else await withLocalBindings((env) => run(localStore(env.SETTINGS)));
