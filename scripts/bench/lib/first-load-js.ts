// First-load JavaScript of a page: every module script and modulepreload the
// HTML names, fetched and gzipped, summed.
import { gzipSync } from "node:zlib";

export async function firstLoadJs(base: string, path: string) {
  const html = await (await fetch(base + path, { headers: { cookie: "site_entry_skipped=1" } })).text();
  const urls = new Set<string>();
  for (const m of html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g)) urls.add(m[1]!);
  for (const m of html.matchAll(/<script[^>]+type="module"[^>]+src="([^"]+)"/g)) urls.add(m[1]!);
  for (const m of html.matchAll(/import\(?\s*"([^"]+\.js)"/g)) urls.add(m[1]!);
  let raw = 0;
  let gzip = 0;
  for (const url of urls) {
    const body = Buffer.from(await (await fetch(new URL(url, base))).arrayBuffer());
    raw += body.length;
    gzip += gzipSync(body, { level: 9 }).length;
  }
  return { files: urls.size, raw, gzip };
}
