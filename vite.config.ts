import { cloudflare } from "@cloudflare/vite-plugin";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

// STATE_DIR lets tests and benchmarks run against their own local D1/KV/R2/DO state.
const stateDir = process.env.STATE_DIR;

export default defineConfig({
  plugins: [
    cloudflare({
      viteEnvironment: { name: "ssr" },
      persistState: stateDir ? { path: stateDir } : true,
      remoteBindings: false,
      inspectorPort: false,
    }),
    tailwindcss(),
    reactRouter(),
  ],
  resolve: { tsconfigPaths: true },
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
});
