// Kills the whole server (kill -9 of its process group, workerd included) in
// the middle of a burst of paid chat messages, starts it again on the same
// local state, touches nothing for SETTLE_WAIT seconds, and then checks what
// the room holds (each member's history through the API) against what the
// sender's wallet charged (its movements under msg:<sender>:<clientId>): every
// message visible once to both and charged once, no charge without its
// message, balance (the wallet's and D1's copy) and unread counts equal to
// what is visible. The sender's credits are recorded in D1 before the run and
// applied to the wallet by the first send, as any purchase recorded before it.
// Run: node scripts/crash/kill-during-burst.ts [--kill-at N]
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { rmSync } from "node:fs";
import { resolve } from "node:path";
import { parseArgs } from "node:util";
import { and, eq } from "drizzle-orm";
import { convertV4MiniflareOptions, Miniflare } from "miniflare";
import WebSocket from "ws";
import { createDb } from "#app/server/db/client.ts";
import { conversationParticipants, users } from "#app/server/db/schema.ts";
import { givenPair } from "../bench/lib/pairs.ts";
import { builtWorker } from "../bench/lib/server.ts";
import { ensureDevVars } from "../lib/dev-vars.ts";
import { bin, quietEnv, withLocalBindings } from "../lib/local.ts";

const { values } = parseArgs({
  options: {
    port: { type: "string", default: "8791" },
    "kill-at": { type: "string", default: "1" },
    messages: { type: "string", default: "20" },
    credits: { type: "string", default: "25" },
    wait: { type: "string", default: "30" },
  },
});
const port = Number(values.port);
const killAt = Number(values["kill-at"]);
const burst = Number(values.messages);
const stateDir = ".wrangler/crash";
const env = { ...quietEnv, STATE_DIR: stateDir, DEV_ROUTES: "1" };
const origin = `http://localhost:${port}`;
const [ann, bob] = [10, 11];

function serve(): ChildProcess {
  return spawn(bin("vite"), ["preview", "--port", String(port), "--strictPort"], {
    stdio: ["ignore", "ignore", "inherit"],
    env,
    detached: true,
  });
}

async function answering(server: ChildProcess) {
  for (const deadline = Date.now() + 120_000; Date.now() < deadline; ) {
    try {
      if ((await fetch(`${origin}/api/ping`)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 300));
  }
  // Not left behind holding the port.
  await stop(server, "SIGKILL");
  throw new Error("the server did not answer within 2 minutes");
}

const stop = (server: ChildProcess, signal: NodeJS.Signals) => {
  if (server.pid) process.kill(-server.pid, signal);
  return new Promise((r) => server.once("exit", r));
};

// The build carries .dev.vars: the local providers (a fresh checkout has none yet).
await ensureDevVars();
// A fresh state (rate-limit counters of an earlier run included): migrated, seeded, built.
rmSync(stateDir, { recursive: true, force: true });
for (const [command, args] of [
  [process.execPath, ["scripts/seed.ts", "--reset", "--members", "20"]],
  [bin("react-router"), ["build"]],
] as const) {
  const run = spawnSync(command, args, { stdio: ["ignore", "ignore", "inherit"], env });
  if (run.status !== 0) process.exit(run.status ?? 1);
}
const pair = await withLocalBindings(
  (bindings) =>
    givenPair(createDb(bindings.DB), [ann, bob], {
      credits: Number(values.credits),
      bothLoggedIn: true,
      now: Date.now(),
    }),
  stateDir,
);
const headers = (cookie: string) => ({ Cookie: cookie, Origin: origin, "X-Requested-With": "XMLHttpRequest" });

let server = serve();
await answering(server);
const socket = new WebSocket(`ws://localhost:${port}/api/chat/socket?conversation=${pair.conversation}`, {
  headers: headers(pair.cookies[0]!),
});
await new Promise((resolve, reject) => socket.once("open", resolve).once("error", reject));
let acknowledged = 0;
let answered = 0;
const refusals: string[] = [];
const killed = new Promise<void>((resolve) => {
  const kill = () => void stop(server, "SIGKILL").then(() => resolve());
  // Bounded: if the N-th acknowledgement never comes (refusals, a limit), the kill comes all the same.
  const deadline = setTimeout(kill, 60_000);
  socket.on("message", (data) => {
    const { type, code } = JSON.parse(String(data)) as { type: string; code?: string };
    if (type !== "sent" && type !== "error") return;
    if (code) refusals.push(code);
    answered++;
    if (type === "sent") acknowledged++;
    if (acknowledged === killAt || answered === burst) {
      clearTimeout(deadline);
      kill();
    }
  });
});
for (let i = 0; i < burst; i++)
  socket.send(
    JSON.stringify({
      type: "send",
      message: { kind: "text", clientId: `burst-${String(i).padStart(4, "0")}`, text: `bericht ${i}` },
    }),
  );
await killed;
socket.terminate();
console.log(`killed after ${acknowledged} acknowledgements (${answered} answers) of ${burst} messages`, refusals);

server = serve();
await answering(server);
const started = Date.now();
// Nobody opens the conversation: whatever settles, settles on its own.
await new Promise((r) => setTimeout(r, Number(values.wait) * 1000));
const visible = async (cookie: string) => {
  const response = await fetch(`${origin}/api/chat/messages?conversation=${pair.conversation}`, {
    headers: headers(cookie),
  });
  return ((await response.json()) as { messages: { clientId: string }[] }).messages.map((m) => m.clientId);
};
const [seenByAnn, seenByBob] = [await visible(pair.cookies[0]!), await visible(pair.cookies[1]!)];
const waited = Math.round((Date.now() - started) / 1000);
await stop(server, "SIGTERM");

/** The built Worker's own bindings on the same state: the wallets live in its Durable Objects. */
async function withWorkerBindings<T>(fn: (bindings: Env) => Promise<T>) {
  const { worker, externalWorkers } = builtWorker(process.env.BUILD_DIR ?? "build");
  const mf = new Miniflare(
    convertV4MiniflareOptions({
      host: "127.0.0.1",
      port: 0,
      resourcePersistencePath: resolve(stateDir, "v3"),
      workers: [worker, ...externalWorkers],
    } as never),
  );
  try {
    return await fn(await mf.getBindings<Env>());
  } finally {
    await mf.dispose();
  }
}

const chargeKey = `msg:${ann}:`;
const stores = await withWorkerBindings(async (bindings) => {
  const db = createDb(bindings.DB);
  const wallet = bindings.WALLET.get(bindings.WALLET.idFromName(String(ann)));
  const charges = await wallet.ledger({ limit: 500, keyPrefix: `msg:${ann}` });
  const { balance } = await wallet.state();
  const [copy] = await db.select({ credits: users.credits }).from(users).where(eq(users.id, ann));
  const [unread] = await db
    .select({ n: conversationParticipants.unreadCount })
    .from(conversationParticipants)
    .where(
      and(eq(conversationParticipants.conversationId, pair.conversation), eq(conversationParticipants.userId, bob)),
    );
  return { charges, balance, copy: copy!.credits, unread: unread!.n };
});

// The charges by the message they paid for (its client id), and what they cost.
const charged = stores.charges.map((c) => c.key.slice(chargeKey.length)).sort();
const visibleIds = [...seenByBob].sort();
const checks = {
  "both members see the same messages": seenByAnn.join() === seenByBob.join(),
  "each visible message once": new Set(seenByBob).size === seenByBob.length,
  "each message charged once": new Set(charged).size === charged.length,
  "no visible message without its charge": visibleIds.every((id) => charged.includes(id)),
  "no charge without a visible message": charged.every((id) => visibleIds.includes(id)),
  "balance = credits - charged":
    stores.balance === Number(values.credits) + stores.charges.reduce((a, c) => a + c.delta, 0),
  "balance = credits - visible": stores.balance === Number(values.credits) - seenByBob.length,
  "D1's copy of the balance = the wallet's": stores.copy === stores.balance,
  "unread = visible": stores.unread === seenByBob.length,
};
console.log({
  acknowledged,
  visible: seenByBob.length,
  charges: charged.length,
  balance: stores.balance,
  unread: stores.unread,
  secondsBeforeLooking: waited,
});
for (const [check, holds] of Object.entries(checks)) console.log(`${holds ? "yes" : "NO "}  ${check}`);
process.exit(Object.values(checks).every(Boolean) ? 0 : 1);
