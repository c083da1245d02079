// Conversations driven the way members drive them: two WebSocket clients per
// room, the sender's messages timed until they reach the receiver, all rooms
// at once. Shared by the chat budgets and the scale simulation.
import WebSocket from "ws";
import { createDb } from "#app/server/db/client.ts";
import type { CallCounts } from "#workers/bench-calls.ts";
import { percentile } from "./load.ts";
import { givenPair } from "./pairs.ts";
import type { BenchServer } from "./server.ts";

export interface Pair {
  conversation: number;
  members: [number, number];
  cookies: [string, string];
}

/** `count` conversations of two members each, from member `firstMember` on, the first holding `credits`. */
export async function preparePairs(env: Env, count: number, firstMember = 10, credits = 1000): Promise<Pair[]> {
  const db = createDb(env.DB);
  const now = Date.now();
  const pairs: Pair[] = [];
  for (let i = 0; i < count; i++) {
    const members: [number, number] = [firstMember + 2 * i, firstMember + 1 + 2 * i];
    const pair = await givenPair(db, members, { credits, bothLoggedIn: true, now, env });
    pairs.push({ conversation: pair.conversation, members, cookies: [pair.cookies[0]!, pair.cookies[1]!] });
  }
  return pairs;
}

export function open(url: string, cookie?: string): Promise<WebSocket> {
  // As from the site's own pages: the chat socket refuses any other Origin.
  const origin = new URL(url.replace(/^ws/, "http")).origin;
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, { headers: { Origin: origin, ...(cookie ? { Cookie: cookie } : {}) } });
    ws.once("open", () => resolve(ws));
    ws.once("error", reject);
  });
}

const TIMEOUT_MS = 30_000;

export interface RunResult {
  p50: number;
  p99: number;
  perSecond: number;
  sent: number;
}

/** Sends `messages` messages per room one after another, all rooms at once; latency to the receiver. */
export async function run(
  rooms: { sender: WebSocket; receiver: WebSocket }[],
  messages: number,
  frame: (room: number, n: number) => string,
  arrived: (data: string) => string | null,
): Promise<RunResult> {
  const latencies: number[] = [];
  const started = performance.now();
  await Promise.all(
    rooms.map(async ({ sender, receiver }, room) => {
      for (let n = 0; n < messages; n++) {
        const payload = frame(room, n);
        const id = `${room}-${n}`;
        const sentAt = performance.now();
        await new Promise<void>((resolve, reject) => {
          // A refused send never arrives: say why rather than wait for ever.
          const onReply = (data: WebSocket.RawData) => {
            const text = String(data);
            if (text.includes('"type":"error"')) done(new Error(`message ${id} refused: ${text}`));
          };
          const timer = setTimeout(
            () => done(new Error(`message ${id} not delivered within ${TIMEOUT_MS} ms`)),
            TIMEOUT_MS,
          );
          const onMessage = (data: WebSocket.RawData) => {
            if (arrived(String(data)) === id) {
              latencies.push(performance.now() - sentAt);
              done();
            }
          };
          const done = (error?: Error) => {
            clearTimeout(timer);
            receiver.off("message", onMessage);
            sender.off("message", onReply);
            if (error) reject(error);
            else resolve();
          };
          receiver.on("message", onMessage);
          sender.on("message", onReply);
          sender.send(payload);
        });
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  return {
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    perSecond: latencies.length / seconds,
    sent: latencies.length,
  };
}

const difference = (after: CallCounts, before: CallCounts) =>
  Object.fromEntries(
    Object.entries(after).map(([k, v]) => [k, v - before[k as keyof CallCounts]]),
  ) as unknown as CallCounts;

/**
 * Paid text messages through the real ConversationRoom of each pair. Besides
 * the latencies: each send's steps and its binding calls before the answer
 * (the room logs both in the bench build), and every binding call of the run,
 * summaries behind the answers included (read after they had time to run).
 */
export async function roomRun(server: BenchServer, pairs: Pair[], messages: number, label: string) {
  const ws = server.url.replace(/^http/, "ws");
  const steps = new Map<string, number[]>();
  const calls: CallCounts[] = [];
  const stopListening = server.onLog((line) => {
    if (line.msg === "message calls") calls.push(line as unknown as CallCounts);
    if (line.msg !== "message steps") return;
    for (const [step, ms] of Object.entries(line)) {
      if (typeof ms === "number") steps.set(step, [...(steps.get(step) ?? []), ms]);
    }
  });
  const rooms = await Promise.all(
    pairs.map(async (pair) => ({
      sender: await open(`${ws}/api/chat/socket?conversation=${pair.conversation}`, pair.cookies[0]),
      receiver: await open(`${ws}/api/chat/socket?conversation=${pair.conversation}`, pair.cookies[1]),
    })),
  );
  const before = await server.calls();
  const stamp = `${label}-${Date.now().toString(36)}`;
  const result = await run(
    rooms,
    messages,
    (room, n) =>
      JSON.stringify({
        type: "send",
        message: { kind: "text", clientId: `bench-${stamp}-${room}-${n}`, text: `hello ${n}` },
      }),
    (data) => {
      const frame = JSON.parse(data) as { type: string; messages?: { clientId: string }[] };
      const clientId = frame.type === "messages" ? frame.messages?.[0]?.clientId : undefined;
      return clientId?.startsWith(`bench-${stamp}-`) ? clientId.slice(`bench-${stamp}-`.length) : null;
    },
  );
  for (const r of rooms) {
    r.sender.close();
    r.receiver.close();
  }
  // The summaries go out behind the answers, at most a second apart (SUMMARY_AFTER).
  await new Promise((resolve) => setTimeout(resolve, 2_500));
  const whole = difference(await server.calls(), before);
  stopListening();
  return { label, result, steps, calls, whole, paid: result.sent };
}
