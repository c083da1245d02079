// The load run: USERS virtual members at once for SECONDS on
// loopback, each looping over a realistic mix (browse members, open a profile,
// like, chat in their own room, buy credits through the sandbox). Prints
// throughput, p50/p99 and errors per action, the ratio to the ceiling endpoint
// measured by the same driver in the same run, and the D1 rows each action
// reads and writes (its domain code run once through a counting D1).
import { and, eq, gte, lt } from "drizzle-orm";
import { createDb } from "#app/server/db/client.ts";
import { creditPackages, profiles } from "#app/server/db/schema.ts";
import { likeMember } from "#app/server/likes/likes.ts";
import { createLogger } from "#app/server/log.ts";
import { getMemberProfile } from "#app/server/members/profile.ts";
import { searchMembers, searchQuerySchema } from "#app/server/members/search.ts";
import { handleWebhook, startCheckout } from "#app/server/payments/checkout.ts";
import { settleSandboxPayment } from "#app/server/payments/sandbox.ts";
import { builtInSettings } from "#app/server/settings/defaults.ts";
import type { Budget } from "./foundation.ts";
import { countingD1, messageRows } from "./lib/d1-rows.ts";
import { percentile, table } from "./lib/load.ts";
import { givenPair } from "./lib/pairs.ts";
import type { BenchServer } from "./lib/server.ts";

const USERS = Number(process.env.LOAD_USERS ?? 200);
const SECONDS = Number(process.env.LOAD_SECONDS ?? 60);
const FIRST_MEMBER = 500; // seeded members FIRST_MEMBER.. are the virtual users and their partners
// A member reads before the next click (0–1 s); without it, one member would send
// more messages a minute than the rate limits allow any person.
const THINK_MS = Number(process.env.LOAD_THINK_MS ?? 1000);

type Action = "browse" | "profile" | "like" | "chat" | "buy";
const MIX: [Action, number][] = [
  ["browse", 35],
  ["profile", 30],
  ["like", 10],
  ["chat", 20],
  ["buy", 5],
];

interface User {
  id: number;
  partner: number;
  conversation: number;
  cookie: string;
}

async function prepare(env: Env) {
  const db = createDb(env.DB);
  const now = Date.now();
  const ids = Array.from({ length: 2 * USERS }, (_, i) => FIRST_MEMBER + i);
  // Every user buys in NL, where the sandbox offers iDEAL.
  await db
    .update(profiles)
    .set({ country: "NL" })
    .where(and(gte(profiles.userId, FIRST_MEMBER), lt(profiles.userId, FIRST_MEMBER + 2 * USERS)));
  const [pkg] = await db
    .select({ id: creditPackages.id })
    .from(creditPackages)
    .where(and(eq(creditPackages.country, "NL"), eq(creditPackages.active, true)));
  if (!pkg) throw new Error("no NL credit package seeded");
  const users: User[] = [];
  for (let i = 0; i < USERS; i++) {
    const [id, partner] = [ids[2 * i]!, ids[2 * i + 1]!];
    const pair = await givenPair(db, [id, partner], { credits: 10_000, now, env });
    users.push({ id, partner, conversation: pair.conversation, cookie: pair.cookies[0]! });
  }
  return { users, packageId: pkg.id };
}

function pick(): Action {
  let roll = Math.random() * 100;
  for (const [action, weight] of MIX) {
    roll -= weight;
    if (roll < 0) return action;
  }
  return "browse";
}

const randomMember = () => 10 + Math.floor(Math.random() * 1000);

/** One action over HTTP, as the browser would send it; true when the answer is the expected one. */
async function act(base: string, user: User, action: Action, packageId: number, n: number): Promise<boolean> {
  const headers = { Cookie: user.cookie, Origin: base, "CF-IPCountry": "NL" };
  const form = (fields: Record<string, string>) => ({
    method: "POST",
    headers: { ...headers, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields).toString(),
    redirect: "manual" as const,
  });
  switch (action) {
    case "browse":
      return (await drain(fetch(`${base}/members?page=${1 + (n % 5)}`, { headers }))) === 200;
    case "profile":
      return [200, 404].includes(await drain(fetch(`${base}/members/${randomMember()}`, { headers })));
    case "like": {
      const status = await drain(fetch(`${base}/members/${randomMember()}`, form({ intent: "like" })));
      // A member may be gone, blocked or already liked: a clear 4xx, not an error of the system.
      return status < 500 && status !== 429;
    }
    case "chat": {
      const response = await fetch(`${base}/api/chat/messages`, {
        method: "POST",
        headers: { ...headers, "Content-Type": "application/json", "X-Requested-With": "XMLHttpRequest" },
        body: JSON.stringify({
          conversation: user.conversation,
          message: { kind: "text", clientId: `mix-${user.id}-${n}-${Date.now()}`, text: `Hallo ${n}` },
        }),
      });
      return (await drain(Promise.resolve(response))) === 201;
    }
    case "buy": {
      const checkout = await fetch(
        `${base}/credits/${packageId}/ideal`,
        form({ intent: "pay", package: String(packageId), method: "ideal" }),
      );
      await checkout.arrayBuffer();
      const location = checkout.headers.get("location");
      if (checkout.status !== 302 || !location?.includes("/payments/sandbox/")) return false;
      const paid = await fetch(new URL(location, base), form({ outcome: "paid" }));
      await paid.arrayBuffer();
      return paid.status === 302;
    }
  }
}

async function drain(response: Promise<Response>): Promise<number> {
  const r = await response;
  await r.arrayBuffer();
  return r.status;
}

async function drive(seconds: number, step: (user: number, n: number) => Promise<[string, boolean]>, thinkMs = 0) {
  const samples = new Map<string, { ms: number[]; errors: number }>();
  const until = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: USERS }, async (_, user) => {
      for (let n = 0; performance.now() < until; n++) {
        const started = performance.now();
        let name = "?";
        let ok = false;
        try {
          [name, ok] = await step(user, n);
        } catch {}
        const entry = samples.get(name) ?? { ms: [], errors: 0 };
        entry.ms.push(performance.now() - started);
        if (!ok) entry.errors++;
        samples.set(name, entry);
        if (thinkMs) await new Promise((r) => setTimeout(r, Math.random() * thinkMs));
      }
    }),
  );
  return samples;
}

/** D1 rows each action's domain code reads and writes, counted once on the bench state. */
async function rowsPerAction(env: Env, user: User, packageId: number, origin: string) {
  const measure = async (run: (db: ReturnType<typeof createDb>) => Promise<unknown>) => {
    const counted = countingD1(env.DB);
    await run(createDb(counted.db));
    return counted.totals;
  };
  const app = (db: ReturnType<typeof createDb>) => ({
    db,
    env,
    settings: builtInSettings,
    now: Date.now,
    origin,
    log: createLogger("bench"),
  });
  const member = { id: user.id, paidUser: true, profile: { country: "NL", gender: "female" } } as never;
  return {
    browse: await measure((db) => searchMembers(app(db), searchQuerySchema.parse({}))),
    profile: await measure((db) => getMemberProfile(app(db), user.partner, { id: user.id, paidUser: true })),
    like: await measure((db) => likeMember(app(db), member, user.partner + 2).catch(() => null)),
    chat: await messageRows(env, {
      conversationId: user.conversation,
      senderId: user.id,
      recipientId: user.partner,
      seq: 1_000_000,
      clientId: `mix-rows-${Date.now()}`,
      kind: "text",
      preview: "x",
    }).then(({ hot, behind }) => ({
      statements: hot.statements + behind.statements,
      rowsRead: hot.rowsRead + behind.rowsRead,
      rowsWritten: hot.rowsWritten + behind.rowsWritten,
    })),
    buy: await measure(async (db) => {
      const { paymentId } = await startCheckout(app(db), member, { packageId, method: "ideal", country: "NL" });
      const [row] = await env.DB.prepare("select provider_ref as ref from payments where id = ?")
        .bind(paymentId)
        .all<{ ref: string }>()
        .then((r) => r.results);
      await settleSandboxPayment(db, row!.ref, "paid");
      await handleWebhook(app(db), "sandbox", row!.ref);
    }),
  } satisfies Record<Action, unknown>;
}

export async function benchMix(server: BenchServer): Promise<Budget[]> {
  const env = await server.bindings();
  const { users, packageId } = await prepare(env);
  const ceiling = await drive(Math.min(10, SECONDS), async () => {
    const status = await drain(fetch(`${server.url}/api/ping`));
    return ["ceiling", status === 200];
  });
  const started = performance.now();
  const samples = await drive(
    SECONDS,
    async (user, n) => {
      const action = pick();
      return [action, await act(server.url, users[user]!, action, packageId, n)];
    },
    THINK_MS,
  );
  const elapsed = (performance.now() - started) / 1000;
  const rows = await rowsPerAction(env, users[0]!, packageId, server.url);

  const ceilingRps = (ceiling.get("ceiling")?.ms.length ?? 0) / Math.min(10, SECONDS);
  let total = 0;
  let errors = 0;
  const lines = MIX.map(([action]) => {
    const s = samples.get(action) ?? { ms: [], errors: 0 };
    total += s.ms.length;
    errors += s.errors;
    const r = rows[action];
    return [
      action,
      (s.ms.length / elapsed).toFixed(0),
      percentile(s.ms, 50).toFixed(0),
      percentile(s.ms, 99).toFixed(0),
      `${((s.errors / Math.max(1, s.ms.length)) * 100).toFixed(2)} %`,
      `${r.rowsRead} / ${r.rowsWritten}`,
    ];
  });
  const rps = total / elapsed;
  console.log(
    `\nLoad run: ${USERS} members at once for ${SECONDS} s on loopback (0–${THINK_MS} ms between clicks), mix ${MIX.map((m) => m.join(" ")).join(", ")} %\n`,
  );
  console.log(table([["action", "req/s", "p50 ms", "p99 ms", "errors", "D1 rows read / written"], ...lines]));
  console.log(
    `all: ${rps.toFixed(0)} actions/s, ${total} actions, ${errors} errors; ceiling (/api/ping, same driver): ${ceilingRps.toFixed(0)} req/s → mix at ${((rps / ceilingRps) * 100).toFixed(0)} % of ceiling`,
  );
  const p99 = Math.max(...MIX.map(([action]) => percentile(samples.get(action)?.ms ?? [], 99)));
  return [
    {
      name: "load run p99 (slowest action)",
      value: `${p99.toFixed(0)} ms`,
      target: "< 1000 ms",
      holds: p99 < 1000,
    },
    {
      name: "load run error rate",
      value: `${((errors / Math.max(1, total)) * 100).toFixed(2)} %`,
      target: "0 %",
      holds: errors === 0,
    },
    {
      name: "load run / ceiling",
      value: `${((rps / ceilingRps) * 100).toFixed(0)} %`,
      target: "(report)",
      holds: true,
    },
  ];
}
