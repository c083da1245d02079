// Minimal reproduction, for the upstream report (docs/upstream/unread-request-body.md):
// a Worker that answers a large POST without reading its body breaks the
// connection it came on, locally.
//
//   node scripts/repro-unread-body.ts [rounds]
//
// A throwaway project in a temporary folder: one Worker, no bindings. For each
// of two Workers (one answers 413 at once, one reads the body first) it posts
// 3 MB, then asks for a small GET three times, `rounds` times over:
//   - through Miniflare's dispatchFetch (what the Vite plugin and wrangler call);
//   - through `vite` with @cloudflare/vite-plugin (what `npm start` runs).
// and prints how many requests failed. Nothing of this project is used.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { cloudflare } from "@cloudflare/vite-plugin";
import { convertV4MiniflareOptions, Miniflare } from "miniflare";
import { createServer } from "vite";

const ROUNDS = Number(process.argv[2] ?? 30);
const SIZE = 3 * 1024 * 1024;

const workers = {
  "answers at once": `export default {
  async fetch(request) {
    if (request.method === "POST") return new Response("too large", { status: 413 });
    return new Response("ok");
  },
};`,
  "reads the body first": `export default {
  async fetch(request) {
    if (request.method === "POST") {
      await request.body?.pipeTo(new WritableStream());
      return new Response("too large", { status: 413 });
    }
    return new Response("ok");
  },
};`,
};

type Send = (method: "GET" | "POST") => Promise<number>;

/** Posts 3 MB, then three GETs, ROUNDS times; counts the outcomes. */
async function loop(send: Send) {
  const outcomes: Record<string, number> = {};
  const count = (what: string) => {
    outcomes[what] = (outcomes[what] ?? 0) + 1;
  };
  const attempt = async (method: "GET" | "POST") => {
    try {
      count(`${method} ${await send(method)}`);
    } catch (error) {
      const cause = (error as { cause?: { code?: string } }).cause?.code ?? "";
      count(`${method} threw ${(error as Error).message} ${cause}`.trim());
    }
  };
  for (let round = 0; round < ROUNDS; round++) {
    await attempt("POST");
    for (let i = 0; i < 3; i++) await attempt("GET");
  }
  return outcomes;
}

const body = () => new Uint8Array(SIZE).fill(120);

async function throughMiniflare(script: string) {
  const mf = new Miniflare(
    convertV4MiniflareOptions({
      workers: [{ name: "repro", modules: true, script, compatibilityDate: "2025-01-01" }],
    } as never),
  );
  try {
    return await loop(async (method) => {
      const response = await mf.dispatchFetch("http://localhost/", method === "POST" ? { method, body: body() } : {});
      await response.text();
      return response.status;
    });
  } finally {
    await mf.dispose();
  }
}

async function throughVite(script: string) {
  const root = mkdtempSync(join(tmpdir(), "unread-body-"));
  writeFileSync(join(root, "worker.js"), script);
  writeFileSync(
    join(root, "wrangler.json"),
    JSON.stringify({ name: "repro", main: "./worker.js", compatibility_date: "2025-01-01" }),
  );
  const server = await createServer({
    root,
    configFile: false,
    logLevel: "silent",
    plugins: [cloudflare({ persistState: false, inspectorPort: false })],
    server: { host: "127.0.0.1", port: 0 },
  });
  await server.listen();
  const address = server.httpServer?.address();
  const url = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}/`;
  try {
    return await loop(async (method) => {
      const response = await fetch(url, method === "POST" ? { method, body: body() } : {});
      await response.text();
      return response.status;
    });
  } finally {
    await server.close();
    rmSync(root, { recursive: true, force: true });
  }
}

for (const [name, script] of Object.entries(workers)) {
  console.log(`Worker that ${name}, ${ROUNDS} rounds of one 3 MB POST and three GETs:`);
  console.log("  Miniflare dispatchFetch:", await throughMiniflare(script));
  console.log("  vite + @cloudflare/vite-plugin:", await throughVite(script));
}
