// Lighthouse on the home page, a lander and the member search: performance,
// accessibility, best practices and SEO, mobile and desktop, in Debian's
// Chromium (headless, loopback only: every other host name fails to resolve).
// Cloudflare compresses text at the edge; the local server does not, so the
// pages are measured through a loopback proxy that compresses as the edge would.
// They are a seeded domain's (vlinder.example, resolved to the loopback): a
// host without settings is served locally with the built-in ones and marked
// noindex, which no real domain is.
// Part of `npm run bench`; alone against a running server:
//   node scripts/bench/lighthouse.ts http://localhost:4283
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { type IncomingMessage, request, type Server } from "node:http";
import { createServer } from "node:https";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { brotliCompressSync, constants } from "node:zlib";
import * as chromeLauncher from "chrome-launcher";
import lighthouse, { desktopConfig, type Flags, type Result } from "lighthouse";
import type { Budget } from "./foundation.ts";
import { table } from "./lib/load.ts";
import type { BenchServer } from "./lib/server.ts";

const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const DOMAIN = process.env.LIGHTHOUSE_DOMAIN ?? "vlinder.example";
const pages = [
  ["home", "/"],
  ["lander", "/landers/gallery/milf"],
  ["members", "/members"],
] as const;
const formFactors = ["mobile", "desktop"] as const;
const categories = ["performance", "accessibility", "best-practices", "seo"] as const;
const TARGET = 95;
/** Members arrive on phones: a page's mobile performance is held to more. */
const MOBILE_PERFORMANCE = 98;
const targetFor = (category: (typeof categories)[number], formFactor: (typeof formFactors)[number]) =>
  category === "performance" && formFactor === "mobile" ? MOBILE_PERFORMANCE : TARGET;
/** LIGHTHOUSE_REPORTS=dir keeps each run's full report (JSON) for a closer look. */
const reports = process.env.LIGHTHOUSE_REPORTS;

interface Run {
  page: string;
  path: string;
  formFactor: (typeof formFactors)[number];
  scores: Record<(typeof categories)[number], number>;
  /** Audits below full marks outside performance, for fixing. */
  failing: string[];
  /** The performance metrics behind the score. */
  metrics: Record<(typeof metrics)[number][0], string>;
}

const metrics = [
  ["FCP", "first-contentful-paint"],
  ["LCP", "largest-contentful-paint"],
  ["TBT", "total-blocking-time"],
  ["CLS", "cumulative-layout-shift"],
  ["SI", "speed-index"],
] as const;

function summarise(lhr: Result): Pick<Run, "scores" | "failing" | "metrics"> {
  const scores = Object.fromEntries(
    categories.map((c) => [c, Math.round((lhr.categories[c]?.score ?? 0) * 100)]),
  ) as Run["scores"];
  const failing = categories
    .filter((c) => c !== "performance")
    .flatMap((c) => lhr.categories[c]?.auditRefs ?? [])
    .filter((ref) => ref.weight > 0)
    .map((ref) => lhr.audits[ref.id]!)
    .filter((audit) => audit.score !== null && audit.score < 1)
    .map((audit) => `${audit.id}: ${audit.title}`);
  const shown = Object.fromEntries(
    metrics.map(([name, id]) => [name, lhr.audits[id]?.displayValue ?? "?"]),
  ) as Run["metrics"];
  return { scores, failing: [...new Set(failing)], metrics: shown };
}

const COMPRESSIBLE = /^(text\/|application\/(json|javascript|xml|manifest\+json)|image\/svg\+xml)/;

/** A certificate for DOMAIN made for this run (Chromium is told to accept it). */
function runCertificate() {
  const dir = mkdtempSync(join(tmpdir(), "lighthouse-"));
  const [key, cert] = [join(dir, "key.pem"), join(dir, "cert.pem")];
  execFileSync(
    "openssl",
    [
      "req",
      "-x509",
      "-newkey",
      "rsa:2048",
      "-nodes",
      "-days",
      "1",
      "-subj",
      `/CN=${DOMAIN}`,
      "-keyout",
      key,
      "-out",
      cert,
    ],
    { stdio: "ignore" },
  );
  return { key: readFileSync(key), cert: readFileSync(cert) };
}

/**
 * A loopback proxy to `upstream`, for DOMAIN, that answers over HTTPS with
 * Brotli, as Cloudflare's edge does: over plain http a page fails best
 * practices for that alone.
 */
async function compressingProxy(upstream: string): Promise<{ url: string; server: Server }> {
  const target = new URL(upstream);
  const server = createServer(runCertificate(), async (req, res) => {
    try {
      const body =
        req.method === "GET" || req.method === "HEAD"
          ? undefined
          : Buffer.from(await new Response(req as never).arrayBuffer());
      const headers: Record<string, string | string[]> = {};
      for (const [name, value] of Object.entries(req.headers)) {
        if (name !== "accept-encoding" && value !== undefined) headers[name] = value;
      }
      // The site the request is for: fetch() would name the upstream's own host instead.
      headers.host = `${DOMAIN}:${target.port}`;
      const answer = await new Promise<IncomingMessage>((resolve, reject) => {
        const call = request(
          { hostname: target.hostname, port: target.port, path: req.url, method: req.method, headers },
          resolve,
        );
        call.on("error", reject);
        call.end(body);
      });
      const out: Record<string, string | string[]> = {};
      for (const [name, value] of Object.entries(answer.headers)) {
        if (value !== undefined && !["content-encoding", "content-length", "transfer-encoding"].includes(name))
          out[name] = value;
      }
      let payload = Buffer.from(await new Response(answer as never).arrayBuffer());
      const type = String(answer.headers["content-type"] ?? "");
      if (COMPRESSIBLE.test(type) && /\bbr\b/.test(String(req.headers["accept-encoding"])) && payload.length > 512) {
        payload = brotliCompressSync(payload, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } });
        out["content-encoding"] = "br";
      }
      out["content-length"] = String(payload.length);
      res.writeHead(answer.statusCode ?? 502, out);
      res.end(payload);
    } catch (error) {
      res.writeHead(502).end(String(error));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { url: `https://${DOMAIN}:${(server.address() as AddressInfo).port}`, server };
}

/** One Lighthouse run; a run whose trace failed (it happens on a busy machine) is repeated. */
async function measure(url: string, flags: Flags, config: typeof desktopConfig | undefined, attempts = 3) {
  for (let attempt = 1; ; attempt++) {
    const result = await lighthouse(url, flags, config);
    if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
    const failed = result.lhr.runtimeError;
    if (!failed) return result;
    console.warn(`Lighthouse ${url}: ${failed.code} (attempt ${attempt} of ${attempts})`);
    if (attempt === attempts) return result;
  }
}

export async function runLighthouse(upstream: string): Promise<Run[]> {
  const proxy = await compressingProxy(upstream);
  const baseUrl = proxy.url;
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: [
      "--headless=new",
      "--no-sandbox",
      "--disable-gpu",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--ignore-certificate-errors",
      `--host-resolver-rules=MAP ${DOMAIN} 127.0.0.1, MAP * ~NOTFOUND, EXCLUDE localhost, EXCLUDE 127.0.0.1`,
    ],
  });
  const runs: Run[] = [];
  try {
    for (const [page, path] of pages) {
      for (const formFactor of formFactors) {
        const flags: Flags = {
          port: chrome.port,
          output: "json",
          logLevel: "error",
          onlyCategories: [...categories],
          // A visitor who already passed the site-entry warning: the page itself is measured.
          extraHeaders: { Cookie: "site_entry_skipped=1", "CF-IPCountry": "NL" },
        };
        const result = await measure(baseUrl + path, flags, formFactor === "desktop" ? desktopConfig : undefined);
        if (reports) {
          mkdirSync(reports, { recursive: true });
          writeFileSync(`${reports}/${page}-${formFactor}.json`, JSON.stringify(result.lhr));
        }
        runs.push({ page, path, formFactor, ...summarise(result.lhr) });
      }
    }
  } finally {
    chrome.kill();
    proxy.server.close();
  }
  return runs;
}

function report(runs: Run[]): Budget[] {
  console.log("\nLighthouse (Chromium headless, loopback, Brotli as at the edge; simulated throttling)\n");
  console.log(
    table([
      ["page", "form factor", ...categories, ...metrics.map(([name]) => name)],
      ...runs.map((r) => [
        `${r.page} ${r.path}`,
        r.formFactor,
        ...categories.map((c) => String(r.scores[c])),
        ...metrics.map(([name]) => r.metrics[name]),
      ]),
    ]),
  );
  const failing = [...new Set(runs.flatMap((r) => r.failing))];
  if (failing.length) console.log(`\nAudits below full marks:\n  ${failing.join("\n  ")}`);
  return runs.flatMap((r) =>
    categories.map((c) => {
      const target = targetFor(c, r.formFactor);
      return {
        name: `Lighthouse ${c}, ${r.page} (${r.formFactor})`,
        value: String(r.scores[c]),
        target: `≥ ${target}`,
        holds: r.scores[c] >= target,
      };
    }),
  );
}

export async function benchLighthouse(server: Pick<BenchServer, "url">): Promise<Budget[]> {
  // Warm up: the first requests compile the server's code and fill its caches.
  for (const [, path] of pages) await fetch(server.url + path, { headers: { cookie: "site_entry_skipped=1" } });
  return report(await runLighthouse(server.url));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const url = (process.argv[2] ?? "http://localhost:4173").replace(/\/$/, "");
  const budgets = await benchLighthouse({ url });
  console.log(
    `\n${budgets.filter((b) => b.holds).length} of ${budgets.length} scores reach their target: ${budgets
      .filter((b) => !b.holds)
      .map((b) => `${b.name} ${b.value}`)
      .join("; ")}`,
  );
}
