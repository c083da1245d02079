import { existsSync } from "node:fs";
import type { KnipConfig } from "knip";

// Dead-code check, part of `npm run lint`. The plugins that the dependencies
// switch on find most entries: react-router (app/routes.ts, every route file it
// lists, root.tsx, entry.client/server.tsx), vite, vitest and playwright (their
// configs and test files), drizzle, biome, wrangler (workers/app.ts from
// wrangler.toml) and the `node scripts/…` commands of package.json. Generated
// files (worker-configuration.d.ts, .react-router/) are in .gitignore, which
// knip honours, so nothing in them is reported.
export default {
  entry: [
    // The Worker entry of local builds, named inside vite.config.ts and vitest.config.ts.
    "workers/app.local.ts",
    // Scripts run by hand (`node scripts/totp.ts`, …) or spawned by other scripts;
    // scripts/lib/ and scripts/seed/ are only imported, so unused exports there are found.
    "scripts/*.ts",
    "scripts/crash/*.ts",
    // Bench sections, loaded by path string through Vite in scripts/bench/index.ts.
    "scripts/bench/{foundation,members,chat,mix,lighthouse,scale}.ts",
    // Run by hand: where a page's server render spends its CPU.
    "scripts/bench/profile-ssr.ts",
    // Test helpers and fakes are entries like the test files themselves.
    "tests/**/*.{ts,tsx}",
    // Not called yet: kept for the coming broadcast feature (sendBroadcastBatch is tagged @public).
    "app/server/notifications/broadcast.ts",
    // The service worker, registered by URL from the page.
    "public/sw.js",
  ],
  // Route modules import `./+types/<route>`, written by `react-router typegen`. On a
  // fresh clone lint runs before typegen, so accept them as unresolved until it has.
  // The Lighthouse bench makes a certificate for its HTTPS proxy with the system's openssl.
  ignoreBinaries: ["openssl"],
  ignoreUnresolved: existsSync(new URL(".react-router/types", import.meta.url)) ? [] : [/^\.\/\+types\//],
} satisfies KnipConfig;
