// The isolate's copy of domain settings is bounded: a stream of names that do
// not exist (a query parameter, a Host header) cannot grow it until the
// isolate dies, and the domains in use stay kept.
import { afterEach, describe, expect, it } from "vitest";
import { cachedDomains, forgetSettings, loadSettings } from "#app/server/settings/resolve.ts";

const LIMIT = 256;

/** A KV namespace with no settings at all, counting its reads. */
function emptyKv() {
  const reads: string[] = [];
  const kv = {
    get: async (key: string) => {
      reads.push(key);
      return null;
    },
  } as unknown as KVNamespace;
  return { kv, reads };
}

afterEach(() => forgetSettings());

describe("the kept domain settings", () => {
  it("keep at most 256 domains, whatever stream of names comes in", async () => {
    const { kv } = emptyKv();
    for (let i = 0; i < 10_000; i++) await loadSettings(kv, `random-${i}.example`);
    expect(cachedDomains()).toBeLessThanOrEqual(LIMIT);
  });

  it("let the least recently used domain go first, and keep the one in use", async () => {
    const { kv, reads } = emptyKv();
    await loadSettings(kv, "busy.example");
    for (let i = 0; i < 2 * LIMIT; i++) {
      await loadSettings(kv, `random-${i}.example`);
      await loadSettings(kv, "busy.example");
    }
    expect(reads.filter((key) => key === "domain:busy.example")).toHaveLength(1);
    const before = reads.length;
    await loadSettings(kv, "random-0.example");
    expect(reads.length).toBe(before + 1);
  });
});
