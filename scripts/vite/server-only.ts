// Keeps the Worker's code out of the browser bundle: the build (and the dev
// server) fails when the client environment resolves a module under app/server/
// or a *.server.* file, naming the importer and the module.
//
// React Router's own check covers *.server.* and .server/ only, and our server
// code lives in app/server/. Like that check this runs on resolution, after
// React Router has stripped loaders, actions and the imports only they use from
// client route modules, and after `import type` is erased: what is left is
// what the browser would really load.
import path from "node:path";
import type { Plugin } from "vite";

/** Whether a file (absolute path, query allowed) is server-only code of the app at `root`. */
export function isServerOnly(file: string, root: string): boolean {
  const relative = path.relative(root, file.split("?")[0]!).split(path.sep).join("/");
  if (relative.startsWith("../") || path.isAbsolute(relative) || relative.startsWith("node_modules/")) return false;
  return (
    relative.startsWith("app/server/") || /\.server(\.[cm]?[jt]sx?)?$/.test(relative) || /\/\.server\//.test(relative)
  );
}

/** The build error for a client import of server-only code, or null when the import is allowed. */
export function serverOnlyViolation(
  importing: { id: string; resolved: string; importer: string },
  root: string,
): string | null {
  if (!isServerOnly(importing.resolved, root) || isServerOnly(importing.importer, root)) return null;
  const short = (file: string) => path.relative(root, file.split("?")[0]!).split(path.sep).join("/");
  return [
    "Server-only module imported by client code",
    "",
    `    '${importing.id}' (${short(importing.resolved)}) imported by '${short(importing.importer)}'`,
    "",
    "  Code under app/server/ and *.server.* files runs on the Worker only. A module",
    "  that ends up in the browser may import types from it (`import type`), not values:",
    "  move what the UI needs (enums, schemas, constants) to a module outside app/server/.",
    "  In a route module, only loader, action, middleware and headers may use server code.",
  ].join("\n");
}

const RESOLVING = "server-only:resolving";

export function serverOnly(): Plugin {
  let root = process.cwd();
  return {
    name: "dating:server-only",
    enforce: "pre",
    applyToEnvironment: (environment) => environment.config.consumer === "client",
    configResolved(config) {
      root = config.root;
    },
    async resolveId(id, importer, options) {
      if (!importer || id.startsWith("\0") || importer.includes("/node_modules/")) return;
      // Dependency scanning and the HTML entry of the dev server are not the bundle.
      if ((options as { scan?: boolean }).scan || importer.endsWith(".html")) return;
      if (options.custom?.[RESOLVING]) return;
      const resolved = await this.resolve(id, importer, {
        ...options,
        custom: { ...options.custom, [RESOLVING]: true },
      });
      if (!resolved || resolved.external) return;
      const violation = serverOnlyViolation({ id, resolved: resolved.id, importer }, root);
      if (violation) this.error(violation);
    },
  };
}
