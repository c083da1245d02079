import type { D1Migration } from "cloudflare:test";

declare global {
  namespace Cloudflare {
    interface Env {
      TEST_MIGRATIONS: D1Migration[];
    }
  }
}

// The runner's own module: what SELF.fetch's waitUntil calls are still doing.
declare module "cloudflare:test-internal" {
  export function waitForGlobalWaitUntil(): Promise<void>;
}
