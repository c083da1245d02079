// The test runner's own module, which its public "cloudflare:test" leaves out:
// what SELF.fetch's waitUntil calls are still doing (setup.ts waits for them).
declare module "cloudflare:test-internal" {
  export function waitForGlobalWaitUntil(): Promise<void>;
}
