// Property-based fuzzing of every /api/* endpoint: thousands of
// generated requests (paths, queries, bodies, headers, sessions) and never a
// 5xx; every refusal is a 4xx that says what is wrong in words; afterwards the
// database invariants hold (ledger sums equal balances, no orphan rows).
// The endpoint list is read from the router itself, so a new endpoint is fuzzed
// without anyone remembering to add it here. Page form actions: fuzz-forms.test.ts.
import { SELF } from "cloudflare:test";
import { sql } from "drizzle-orm";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { startConversation } from "#app/server/chat/conversations.ts";
import { api } from "#workers/api/index.ts";
import { appContext, db, givenAccount, givenCredits, sessionCookieFor } from "./fixtures.ts";

const RUNS = Number(process.env.FUZZ_API_RUNS ?? 8000);
const BASE = "http://localhost";

const endpoints = api.routes
  .filter((route) => route.method !== "ALL")
  .map((route) => ({ method: route.method, path: route.path }))
  .filter((route, i, all) => all.findIndex((r) => r.method === route.method && r.path === route.path) === i);

/** true with probability p. */
const chance = (p: number) => fc.double({ min: 0, max: 1, noNaN: true }).map((x) => x < p);
const nearIds = fc.integer({ min: 990, max: 1100 });
const anyText = fc.oneof(
  fc.string({ maxLength: 30 }),
  fc.constantFrom(
    "",
    " ",
    "0",
    "-1",
    "1e9",
    "null",
    "true",
    "[]",
    "{}",
    "NaN",
    "9".repeat(40),
    "../../etc",
    "%00",
    "<b>x</b>",
  ),
  fc.string({ unit: "binary", maxLength: 12 }),
);
const anyValue = fc.oneof(anyText, nearIds, fc.integer(), fc.double(), fc.boolean(), fc.constant(null));
const knownKeys = fc.constantFrom(
  "conversation",
  "after",
  "before",
  "seq",
  "member",
  "id",
  "message",
  "kind",
  "clientId",
  "text",
  "giftId",
  "photo",
  "email",
  "password",
  "language",
  "subscription",
  "endpoint",
  "keys",
  "code",
  "country",
  "region",
  "lat",
  "lon",
  "type",
  "page",
  "push",
  "lb",
  "t",
  "q",
  "room",
  "path",
  "private",
  "position",
  "token",
  "event",
);
const record = fc.dictionary(fc.oneof(knownKeys, fc.string({ maxLength: 8 })), anyValue, { maxKeys: 6 });
// Somewhat plausible bodies go deeper into the rules than pure noise.
const chatMessage = fc.record({
  conversation: nearIds,
  message: fc.oneof(
    fc.record({ kind: fc.constant("text"), clientId: fc.stringMatching(/^[A-Za-z0-9-]{6,70}$/), text: anyText }),
    fc.record({ kind: fc.constant("gift"), clientId: fc.uuid(), giftId: anyValue }),
    fc.record({ kind: fc.constant("photo"), clientId: fc.uuid(), photo: anyText }),
    record,
  ),
});

type Body =
  | { kind: "none" }
  | { kind: "json"; value: string }
  | { kind: "form"; value: Record<string, string> }
  | { kind: "bytes"; value: Uint8Array };
const body: fc.Arbitrary<Body> = fc.oneof(
  fc.constant({ kind: "none" as const }),
  fc.oneof(record, chatMessage, fc.jsonValue()).map((v) => ({ kind: "json" as const, value: JSON.stringify(v) })),
  fc.string({ maxLength: 40 }).map((v) => ({ kind: "json" as const, value: v })),
  fc.dictionary(knownKeys, anyText, { maxKeys: 5 }).map((value) => ({ kind: "form" as const, value })),
  fc.uint8Array({ maxLength: 300 }).map((value) => ({ kind: "bytes" as const, value })),
);

const request = fc.record({
  endpoint: fc.constantFrom(...endpoints),
  wrongMethod: chance(1 / 20),
  param: fc.oneof(nearIds.map(String), anyText, fc.constantFrom("sandbox", "mollie", "0", "999999999999")),
  query: fc.dictionary(knownKeys, fc.oneof(anyText, nearIds.map(String)), { maxKeys: 4 }),
  body,
  session: fc.option(fc.nat(), { freq: 3 }),
  clientHeader: chance(9 / 10),
  origin: fc.constantFrom(BASE, BASE, BASE, "https://elsewhere.example", null),
  ip: fc.ipV4(),
});

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
        const method = r.wrongMethod ? (r.endpoint.method === "GET" ? "POST" : "GET") : r.endpoint.method;
        const path = r.endpoint.path.replace(/:\w+(\{[^}]*\})?/g, encodeURIComponent(r.param));
        const url = new URL(`${BASE}/api${path}`);
        for (const [k, v] of Object.entries(r.query)) url.searchParams.set(k, v);
        const headers = new Headers({ "CF-Connecting-IP": r.ip });
        if (r.clientHeader) headers.set("X-Requested-With", "XMLHttpRequest");
        if (r.origin) headers.set("Origin", r.origin);
        // Logging out ends the session: give it one of its own.
        const cookie =
          r.session === null
            ? null
            : path === "/logout.php"
              ? await sessionCookieFor(members[0]!)
              : cookies[r.session % cookies.length]!;
        if (cookie) headers.set("Cookie", cookie);
        let payload: BodyInit | undefined;
        if (method !== "GET" && method !== "HEAD" && r.body.kind !== "none") {
          if (r.body.kind === "json") {
            headers.set("Content-Type", "application/json");
            payload = r.body.value;
          } else if (r.body.kind === "form") {
            const form = new FormData();
            for (const [k, v] of Object.entries(r.body.value)) form.set(k, v);
            payload = form;
          } else {
            headers.set("Content-Type", "application/octet-stream");
            payload = new Uint8Array(r.body.value);
          }
        }
        const response = await SELF.fetch(url, { method, headers, body: payload, redirect: "manual" });
        const status = response.status;
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
        const what = `${method} ${url.pathname}${url.search} → ${status}`;
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

    // Every balance is the sum of its ledger, never below zero; no row points at nothing.
    const unbalanced = await db.all(sql`
      select u.id, u.credits, coalesce(sum(l.delta), 0) as ledger from users u
      left join credit_ledger l on l.user_id = u.id group by u.id having u.credits != coalesce(sum(l.delta), 0) or u.credits < 0`);
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
