import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-plugin";
import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vitest/config";
import { localVars } from "./scripts/lib/dev-vars.ts";

// `unit` (pure functions, schemas, components) in Node, `dev-server` (requests
// through `npm start`) in Node, and `integration` inside workerd with D1
// (migrations applied), KV, R2 and the Durable Objects bound as in wrangler.toml. The integration Worker is the
// real one (workers/app.ts): React Router's plugin builds its pages on demand,
// so loaders, actions and middleware answer there as they do in production.
const ALONE = ["tests/integration/page-i18n.test.ts"];

export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    // A file per core: workerd tests wait on storage and timers as much as they
    // compute (Vitest's default leaves one core idle: 5 instead of 8½ minutes on two).
    maxWorkers: "100%",
    projects: [
      {
        resolve: { tsconfigPaths: true },
        test: {
          name: "unit",
          include: ["tests/unit/**/*.test.{ts,tsx}"],
          environment: "node",
        },
      },
      integration("integration", { include: ["tests/integration/**/*.test.ts"], exclude: ALONE, isolate: false }),
      // Renders in a burst and asserts nothing leaks between them: in an isolate of its own, so what other
      // files' tests made outside any request (translators, instances) is not what it measures.
      integration("integration-alone", { include: ALONE, exclude: [], isolate: true }),
      {
        // `npm start` itself, given junk: the dev server on its own port and state (tests/dev-server/).
        test: {
          name: "dev-server",
          include: ["tests/dev-server/**/*.test.ts"],
          environment: "node",
          testTimeout: 180_000,
        },
      },
    ],
  },
});

/** An integration project: the real Worker inside workerd, as described above. */
function integration(name: string, files: { include: string[]; exclude: string[]; isolate: boolean }) {
  const { include, exclude, isolate } = files;
  return {
    resolve: { tsconfigPaths: true },
    plugins: [
      cloudflareTest(async () => ({
        // The local build's entry and relay, as in vite.config.ts.
        main: "./workers/app.local.ts",
        wrangler: { configPath: "./wrangler.toml" },
        miniflare: {
          // The local configuration (.dev.vars.example, secrets generated for this run).
          bindings: { ...(await localVars()), TEST_MIGRATIONS: await readD1Migrations("./migrations") },
          durableObjects: { ECHO_ROOM: { className: "EchoRoom", useSQLite: true } },
        },
      })),
      reactRouter(),
    ],
    define: { __LOCAL_TOOLS__: "true", __BUILD_DATE__: JSON.stringify(new Date().toISOString()) },
    test: {
      name,
      // One isolate per worker for all its files: the Worker's modules (the
      // whole app) are loaded once instead of once per file, which took
      // more time than the tests. Every test still starts from empty
      // storage and caches (setup.ts).
      isolate,
      fsModuleCache: false,
      // The first page request of a run waits for React Router's plugin to
      // build every page module: over 40 s on a busy 2-core machine.
      testTimeout: 90_000,
      // In CI a failed test runs once more, from empty storage again: work a
      // previous test's requests left behind them (waitUntil) can land after
      // the reset that began this one (docs/testing.md).
      retry: process.env.CI ? 1 : 0,
      include,
      exclude,
      setupFiles: ["./tests/integration/setup.ts"],
    },
  };
}
