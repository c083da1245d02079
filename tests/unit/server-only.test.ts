// The build's server-only guard (scripts/vite/server-only.ts): which modules the
// browser bundle may not load, and what the build error says.
import { describe, expect, it } from "vitest";
import { isServerOnly, serverOnlyViolation } from "../../scripts/vite/server-only.ts";

const root = "/repo";

describe("server-only code", () => {
  it("is everything under app/server/ and every *.server.* file or .server/ folder of the app", () => {
    for (const file of [
      "/repo/app/server/reports/moderation.ts",
      "/repo/app/server/db/schema.ts?v=123",
      "/repo/app/i18n/i18next.server.ts",
      "/repo/app/middleware/access.server.ts",
      "/repo/app/utils/.server/secrets.ts",
      "/repo/workers/auth.server.tsx",
    ]) {
      expect(isServerOnly(file, root), file).toBe(true);
    }
  });

  it("is not the shared modules, the UI, or anything outside the app", () => {
    for (const file of [
      "/repo/app/schemas/enums.ts",
      "/repo/app/theme.ts",
      "/repo/app/routes/admin.tsx",
      "/repo/app/components/admin/server-list.tsx",
      "/repo/app/serverless.ts",
      "/repo/node_modules/some-lib/app/server/index.js",
      "/elsewhere/app/server/x.ts",
    ]) {
      expect(isServerOnly(file, root), file).toBe(false);
    }
  });
});

describe("a client import of server-only code", () => {
  it("fails the build, naming the import, the module and the importer", () => {
    const message = serverOnlyViolation(
      {
        id: "#app/server/reports/moderation.ts",
        resolved: "/repo/app/server/reports/moderation.ts",
        importer: "/repo/app/routes/admin-moderation-reports.tsx",
      },
      root,
    );
    expect(message).toContain(
      "'#app/server/reports/moderation.ts' (app/server/reports/moderation.ts) imported by 'app/routes/admin-moderation-reports.tsx'",
    );
    expect(message).toContain("import type");
  });

  it("is allowed for shared modules", () => {
    const importing = {
      id: "#app/schemas/enums.ts",
      resolved: "/repo/app/schemas/enums.ts",
      importer: "/repo/app/routes/admin-moderation-reports.tsx",
    };
    expect(serverOnlyViolation(importing, root)).toBeNull();
  });

  it("is reported once, at the first client module: server code importing server code is not reported again", () => {
    const importing = {
      id: "#app/server/db/schema.ts",
      resolved: "/repo/app/server/db/schema.ts",
      importer: "/repo/app/server/reports/moderation.ts",
    };
    expect(serverOnlyViolation(importing, root)).toBeNull();
  });
});
