// Property-based fuzzing of every /api/* endpoint: thousands of
// generated requests (paths, queries, bodies, headers, sessions) and never a
// 5xx; every refusal is a 4xx that says what is wrong in words; afterwards the
// database invariants hold (each wallet's ledger sums to its balance, D1's
// copy is one the wallet held, no orphan rows).
// The endpoint list is read from the router itself, so a new endpoint is fuzzed
// without anyone remembering to add it here; the generated requests are
// tests/junk-requests.ts, which the dev-server sweep sends too. Page form actions: fuzz-forms.test.ts.
import { SELF } from "cloudflare:test";
import { inArray, sql } from "drizzle-orm";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { startConversation } from "#app/server/chat/conversations.ts";
import { users } from "#app/server/db/schema.ts";
import { api } from "#workers/api/index.ts";
import { apiCall, apiRequests } from "../junk-requests.ts";
import {
  appContext,
  db,
  givenAccount,
  givenCredits,
  sessionCookieFor,
  walletLedgerSum,
  walletOfMember,
} from "./fixtures.ts";

const RUNS = Number(process.env.FUZZ_API_RUNS ?? 8000);
const BASE = "http://localhost";

const endpoints = api.routes
  .filter((route) => route.method !== "ALL")
  .map((route) => ({ method: route.method, path: route.path }))
  .filter((route, i, all) => all.findIndex((r) => r.method === route.method && r.path === route.path) === i);

const request = apiRequests(endpoints, BASE);

describe("fuzzing /api/*", () => {
  it(`answers ${RUNS} generated requests without a 5xx, and keeps the books straight`, {
    timeout: 600_000,
  }, async () => {
    expect(endpoints.length).toBeGreaterThan(25);
    // Members to act as (rate limits count per member), with credits and conversations to aim at.
    const members = await Promise.all(Array.from({ length: 30 }, (_, i) => givenAccount({ name: `Fuzz ${i}` })));
    await Promise.all(members.map((id, i) => givenCredits(id, 5 + i)));
    for (let i = 0; i + 1 < members.length; i += 2) {
      await startConversation(appContext(), { id: members[i]!, paidUser: true }, members[i + 1]!);
    }
    const cookies = await Promise.all(members.map((id) => sessionCookieFor(id)));
    const statuses = new Map<number, number>();

    await fc.assert(
      fc.asyncProperty(request, async (r) => {
        const { path, url, init, what: said } = apiCall(r, BASE);
        // Logging out ends the session: give it one of its own.
        const cookie =
          r.session === null
            ? null
            : path === "/logout.php"
              ? await sessionCookieFor(members[0]!)
              : cookies[r.session % cookies.length]!;
        const response = await SELF.fetch(url, init(cookie));
        const status = response.status;
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
        const what = said(status);
        expect(status, what).toBeLessThan(500);
        if (status >= 400) {
          const answer = (await response.json().catch(() => null)) as { message?: unknown } | null;
          expect(typeof answer?.message === "string" && answer.message.length > 0, `${what} says why`).toBe(true);
        } else {
          await response.body?.cancel();
        }
      }),
      { numRuns: RUNS },
    );
    console.info("fuzz /api/* statuses", Object.fromEntries([...statuses].sort(([a], [b]) => a - b)));

    // Every wallet's balance is the sum of its ledger, never below zero, and D1's copy is one it
    // held (the latest, or an older version); no row points at nothing.
    const copies = await db
      .select({ id: users.id, credits: users.credits, version: users.creditsVersion })
      .from(users)
      .where(inArray(users.id, members));
    const unbalanced = [];
    for (const copy of copies) {
      const wallet = await walletOfMember(copy.id);
      const sum = await walletLedgerSum(copy.id);
      const copyHeld =
        copy.version < wallet.version || (copy.version === wallet.version && copy.credits === wallet.balance);
      if (wallet.balance !== sum || wallet.balance < 0 || copy.credits < 0 || !copyHeld)
        unbalanced.push({ ...copy, wallet: wallet.balance, walletVersion: wallet.version, sum });
    }
    expect(unbalanced).toEqual([]);
    expect(await db.all(sql`pragma foreign_key_check`)).toEqual([]);
  });

  it("answers malformed login and settings bodies to /api/user.php with a 4xx and a message", async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom("POST", "PUT"), fc.oneof(fc.json(), fc.string()), async (method, body) => {
        const response = await SELF.fetch(`${BASE}/api/user.php`, {
          method,
          body,
          headers: {
            "Content-Type": "application/json",
            "X-Requested-With": "XMLHttpRequest",
            Origin: BASE,
            "CF-Connecting-IP": `198.18.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
          },
        });
        expect(response.status).toBeGreaterThanOrEqual(400);
        expect(response.status).toBeLessThan(500);
        expect(((await response.json()) as { message: unknown }).message).toEqual(expect.any(String));
      }),
      { numRuns: 100 },
    );
  });
});
