import { cloudflare } from "@cloudflare/vite-plugin";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { serverOnly } from "./scripts/vite/server-only.ts";

// STATE_DIR lets tests and benchmarks run against their own local D1/KV/R2/DO state.
const stateDir = process.env.STATE_DIR;

export default defineConfig(({ mode }) => {
  // The local tools (sandbox checkout, mailbox page, benchmark relay) exist in dev
  // and in builds made for tests (DEV_ROUTES=1), never in a production build.
  const localTools = mode !== "production" || process.env.DEV_ROUTES === "1";
  return {
    // The build's date: the sitemap's last change of pages that come with the build (app/server/site/build-date.ts).
    define: { __LOCAL_TOOLS__: JSON.stringify(localTools), __BUILD_DATE__: JSON.stringify(new Date().toISOString()) },
    plugins: [
      cloudflare({
        viteEnvironment: { name: "ssr" },
        persistState: stateDir ? { path: stateDir } : true,
        remoteBindings: false,
        inspectorPort: false,
        // Merged into wrangler.toml's config (arrays are appended to).
        config: localTools
          ? {
              main: "./workers/app.local.ts",
              durable_objects: { bindings: [{ name: "ECHO_ROOM", class_name: "EchoRoom" }] },
              migrations: [{ tag: "local-v1", new_sqlite_classes: ["EchoRoom"] }],
            }
          : {},
      }),
      tailwindcss(),
      serverOnly(),
      reactRouter(),
    ],
    resolve: { tsconfigPaths: true },
    environments: {
      client: {
        build: {
          rolldownOptions: {
            output: {
              codeSplitting: {
                groups: [
                  // What every page runs, in one file: one request, one compression window.
                  // Not react-i18next's <Trans> (and its HTML parser), which only forms use.
                  {
                    name: "framework",
                    test: /node_modules[\\/]((react|react-dom|scheduler|react-router|i18next|use-sync-external-store)[\\/]|react-i18next[\\/]dist[\\/]es[\\/](?!Trans|index\.))/,
                  },
                ],
              },
            },
          },
        },
      },
    },
    // Pre-bundled up front, so the first page load in dev is not reloaded for them.
    optimizeDeps: {
      include: [
        "react",
        "react-dom",
        "react-dom/client",
        "react-router",
        "react-router/dom",
        "i18next",
        "react-i18next",
        "lucide-react",
        "@conform-to/react",
        "@conform-to/zod/v4",
        "zod",
      ],
    },
    // The example domains of the seed (vlinder.example, herzklopfen.example) are
    // served locally too, by Host header or a browser's host mapping.
    server: { host: "127.0.0.1", allowedHosts: [".example"] },
    preview: { host: "127.0.0.1", allowedHosts: [".example"] },
  };
});
