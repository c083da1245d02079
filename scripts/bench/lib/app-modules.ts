// Bench sections import the app's domain code, which uses Vite's
// import.meta.glob (the bundled locales and legal pages); plain Node cannot run
// that, so sections are loaded through Vite's SSR module loader, as the app is.
import { createServer, type ViteDevServer } from "vite";

let vite: ViteDevServer | undefined;

export async function loadAppModule<T>(path: string): Promise<T> {
  vite ??= await createServer({
    configFile: false,
    root: process.cwd(),
    logLevel: "error",
    appType: "custom",
    server: { middlewareMode: true, hmr: false, ws: false },
    optimizeDeps: { noDiscovery: true, include: [] },
    // As in the build the bench serves (DEV_ROUTES=1): the local providers.
    define: { __LOCAL_TOOLS__: "true" },
  });
  return (await vite.ssrLoadModule(path)) as T;
}

export async function closeAppModules() {
  await vite?.close();
}
