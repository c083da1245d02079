import WebSocket from "ws";
import { createDb } from "#app/server/db/client.ts";
import type { Budget } from "./foundation.ts";
import { messageRows } from "./lib/d1-rows.ts";
import { percentile, table } from "./lib/load.ts";
import { givenPair } from "./lib/pairs.ts";
import type { BenchServer } from "./lib/server.ts";

const ROOMS = Number(process.env.CHAT_ROOMS ?? 200);
const MESSAGES = 5;

interface Pair {
  conversation: number;
  cookies: [string, string];
}

async function preparePairs(env: Env): Promise<Pair[]> {
  const db = createDb(env.DB);
  const now = Date.now();
  const pairs: Pair[] = [];
  for (let i = 0; i < ROOMS; i++) {
    const a = 10 + 2 * i;
    const b = 11 + 2 * i;
    const pair = await givenPair(db, [a, b], { credits: 1000, bothLoggedIn: true, now });
    pairs.push({ conversation: pair.conversation, cookies: [pair.cookies[0]!, pair.cookies[1]!] });
  }
  return pairs;
}

function open(url: string, cookie?: string): Promise<WebSocket> {
  // As from the site's own pages: the chat socket refuses any other Origin.
  const origin = new URL(url.replace(/^ws/, "http")).origin;
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, { headers: { Origin: origin, ...(cookie ? { Cookie: cookie } : {}) } });
    ws.once("open", () => resolve(ws));
    ws.once("error", reject);
  });
}

/** Sends MESSAGES messages per room one after another, all rooms at once; latency to the receiver. */
async function run(
  rooms: { sender: WebSocket; receiver: WebSocket }[],
  frame: (room: number, n: number) => string,
  arrived: (data: string) => string | null,
) {
  const latencies: number[] = [];
  const started = performance.now();
  await Promise.all(
    rooms.map(async ({ sender, receiver }, room) => {
      for (let n = 0; n < MESSAGES; n++) {
        const payload = frame(room, n);
        const id = `${room}-${n}`;
        const sentAt = performance.now();
        await new Promise<void>((resolve) => {
          const onMessage = (data: WebSocket.RawData) => {
            if (arrived(String(data)) === id) {
              receiver.off("message", onMessage);
              latencies.push(performance.now() - sentAt);
              resolve();
            }
          };
          receiver.on("message", onMessage);
          sender.send(payload);
        });
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  return { p50: percentile(latencies, 50), p99: percentile(latencies, 99), perSecond: latencies.length / seconds };
}

export async function benchChat(server: BenchServer): Promise<Budget[]> {
  const env = await server.bindings();
  const pairs = await preparePairs(env);
  const ws = server.url.replace(/^http/, "ws");

  /** The bare relay, with or without one D1 write per message (rooms of their own each time). */
  const relay = async (d1: boolean) => {
    const rooms = await Promise.all(
      pairs.map(async (_, i) => ({
        sender: await open(`${ws}/api/bench/echo?room=${d1 ? "d1-" : ""}${i}&d1=${d1 ? 1 : 0}`),
        receiver: await open(`${ws}/api/bench/echo?room=${d1 ? "d1-" : ""}${i}&d1=${d1 ? 1 : 0}`),
      })),
    );
    const result = await run(
      rooms,
      (room, n) => `${room}-${n}`,
      (data) => data,
    );
    for (const r of rooms) {
      r.sender.close();
      r.receiver.close();
    }
    return result;
  };
  const echo = await relay(false);
  const echoD1 = await relay(true);

  // The room logs where each send's time went (a local-tools build only).
  const steps = new Map<string, number[]>();
  const stopListening = server.onLog((line) => {
    if (line.msg !== "message steps") return;
    for (const [step, ms] of Object.entries(line)) {
      if (typeof ms === "number") steps.set(step, [...(steps.get(step) ?? []), ms]);
    }
  });
  const chatRooms = await Promise.all(
    pairs.map(async (pair) => ({
      sender: await open(`${ws}/api/chat/socket?conversation=${pair.conversation}`, pair.cookies[0]),
      receiver: await open(`${ws}/api/chat/socket?conversation=${pair.conversation}`, pair.cookies[1]),
    })),
  );
  const stamp = Date.now().toString(36);
  const chat = await run(
    chatRooms,
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
  for (const r of chatRooms) {
    r.sender.close();
    r.receiver.close();
  }
  stopListening();

  // A conversation of its own: its seq must follow the room's, which the bench's sends filled.
  const rows = await messageRows(env.DB, {
    conversationId: pairs.at(-1)!.conversation,
    senderId: 10 + 2 * (ROOMS - 1),
    recipientId: 11 + 2 * (ROOMS - 1),
    seq: MESSAGES + 1,
    clientId: `rows-${stamp}`,
    kind: "text",
    preview: "x",
  });
  const written = { rowsWritten: rows.hot.rowsWritten + rows.behind.rowsWritten };

  console.log(
    `\nChat: ${ROOMS} rooms × 2 members, ${MESSAGES} messages per room sent one after another, all rooms at once\n`,
  );
  console.log(
    table([
      ["relay", "p50 ms", "p99 ms", "messages/s"],
      ["EchoRoom (baseline)", echo.p50.toFixed(1), echo.p99.toFixed(1), echo.perSecond.toFixed(0)],
      [
        "EchoRoom + one D1 write per message (floor)",
        echoD1.p50.toFixed(1),
        echoD1.p99.toFixed(1),
        echoD1.perSecond.toFixed(0),
      ],
      ["ConversationRoom (paid, stored)", chat.p50.toFixed(1), chat.p99.toFixed(1), chat.perSecond.toFixed(0)],
    ]),
  );
  console.log(`\nWhere a send's time goes in the room (${steps.get("deliver")?.length ?? 0} sends)\n`);
  console.log(
    table([
      ["step", "p50 ms", "p99 ms", "mean ms"],
      ...[...steps].map(([step, ms]) => [
        step,
        percentile(ms, 50).toFixed(1),
        percentile(ms, 99).toFixed(1),
        (ms.reduce((a, b) => a + b, 0) / ms.length).toFixed(1),
      ]),
    ]),
  );
  console.log(
    `D1 per message: before the acknowledgement ${rows.hot.statements} statements, ${rows.hot.rowsRead} rows read, ${rows.hot.rowsWritten} written; behind it (once per burst) ${rows.behind.statements} statements, ${rows.behind.rowsRead} read, ${rows.behind.rowsWritten} written (D1 counts index entries too)`,
  );

  return [
    {
      name: `chat p99 / echo p99 at ${ROOMS} rooms`,
      value: `${(chat.p99 / Math.max(echo.p99, 0.1)).toFixed(1)} × (${chat.p99.toFixed(0)} ms)`,
      target: "≤ 2 ×",
      holds: chat.p99 <= 2 * echo.p99,
    },
    {
      name: "chat messages/s / echo with one D1 write",
      value: `${((chat.perSecond / echoD1.perSecond) * 100).toFixed(0)} %`,
      target: "(report)",
      holds: true,
    },
    {
      name: "chat messages/s / echo",
      value: `${((chat.perSecond / echo.perSecond) * 100).toFixed(0)} %`,
      target: "≥ 50 %",
      holds: chat.perSecond >= echo.perSecond / 2,
    },
    {
      name: "D1 rows written per message",
      value: String(written.rowsWritten),
      target: "≤ 4",
      holds: written.rowsWritten <= 4,
    },
  ];
}
