// Chat budgets: the room next to a bare echo Durable Object in the same run,
// what a paid message waits on before its answer (D1 round trips, calls to
// other Durable Objects, counted on the bindings: workers/bench-calls.ts), and
// what D1 pays for it over a whole run. These are the figures the move of
// credits and messages out of D1 is judged by, before and after.
import type { CallCounts } from "#workers/bench-calls.ts";
import type { Budget } from "./foundation.ts";
import { messageRows } from "./lib/d1-rows.ts";
import { percentile, table } from "./lib/load.ts";
import { open, preparePairs, type RunResult, roomRun, run } from "./lib/rooms.ts";
import type { BenchServer } from "./lib/server.ts";
import { d1Bytes } from "./lib/store-sizes.ts";

const ROOMS = Number(process.env.CHAT_ROOMS ?? 200);
const MESSAGES = 5;
const STATE_DIR = process.env.STATE_DIR ?? ".wrangler/bench";

export async function benchChat(server: BenchServer): Promise<Budget[]> {
  const env = await server.bindings();
  const pairs = await preparePairs(env, ROOMS);
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
      MESSAGES,
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

  // The real run, then the same rooms with the message rate limit answered at
  // once by a stand-in. The "rate limit" step is not work of ours (the room
  // makes one binding call there). Part of it is the local emulation: miniflare
  // keeps a namespace's counters in one Durable Object that writes SQLite on
  // every check, so all rooms' checks queue behind that object, while in
  // production the binding counts in memory beside the Worker. The rest, which
  // the stand-in's instant answer still shows, is the one local thread that
  // runs the Worker and every Durable Object: while a send waits, the others'
  // work runs, and workerd's clock moves only across I/O, so the step timer
  // books that time to the first await it meets. The budgets are read from the
  // real run; the other is printed beside it.
  const bytesBefore = d1Bytes(STATE_DIR);
  const real = await roomRun(server, pairs, MESSAGES, "real");
  const bytesAfter = d1Bytes(STATE_DIR);
  await server.messageRateLimit("none");
  const stand = await roomRun(server, pairs, MESSAGES, "stand-in");
  await server.messageRateLimit("binding");

  // A conversation of its own: its seq must follow the room's, which both runs filled.
  const last = pairs.at(-1)!;
  const rows = await messageRows(await server.bindings(), {
    conversationId: last.conversation,
    senderId: last.members[0],
    recipientId: last.members[1],
    seq: 2 * MESSAGES + 1,
    clientId: `rows-${Date.now().toString(36)}`,
    kind: "text",
    preview: "x",
  });

  const chat = real.result;
  const sends = real.calls.length;
  const mean = (key: keyof CallCounts) => real.calls.reduce((sum, c) => sum + c[key], 0) / Math.max(1, sends);
  const most = (key: keyof CallCounts) => Math.max(0, ...real.calls.map((c) => c[key]));
  const rowsPerMessage = real.whole.d1RowsWritten / Math.max(1, real.paid);
  const bytesPerMessage = (bytesAfter.total - bytesBefore.total) / Math.max(1, real.paid);
  const rateLimitMs = (r: typeof real) => percentile(r.steps.get("rate limit") ?? [], 50).toFixed(1);

  console.log(
    `\nChat: ${ROOMS} rooms × 2 members, ${MESSAGES} messages per room sent one after another, all rooms at once\n`,
  );
  const line = (name: string, r: RunResult) => [name, r.p50.toFixed(1), r.p99.toFixed(1), r.perSecond.toFixed(0)];
  console.log(
    table([
      ["relay", "p50 ms", "p99 ms", "messages/s"],
      line("EchoRoom (baseline)", echo),
      line("EchoRoom + one D1 write per message (floor)", echoD1),
      line("ConversationRoom (paid, stored)", chat),
      line("ConversationRoom, rate limit answered at once (stand-in)", stand.result),
    ]),
  );
  for (const r of [real, stand]) {
    console.log(`\nWhere a send's time goes in the room, ${r.label} (${r.steps.get("deliver")?.length ?? 0} sends)\n`);
    console.log(
      table([
        ["step", "p50 ms", "p99 ms", "mean ms"],
        ...[...r.steps].map(([step, ms]) => [
          step,
          percentile(ms, 50).toFixed(1),
          percentile(ms, 99).toFixed(1),
          (ms.reduce((a, b) => a + b, 0) / ms.length).toFixed(1),
        ]),
      ]),
    );
  }
  console.log(
    `\nThe "rate limit" step: ${rateLimitMs(real)} ms at p50 with the emulated binding, ${rateLimitMs(stand)} ms answered at once (end to end p50 ${chat.p50.toFixed(0)} against ${stand.result.p50.toFixed(0)} ms). The difference is miniflare's emulation (one Durable Object writing SQLite for every check); what remains is the local thread running other rooms' sends meanwhile. Neither is work on the send path.`,
  );
  console.log(
    `Before a paid message's answer (${sends} sends, counted on the bindings): D1 round trips ${mean("d1").toFixed(2)} (most ${most("d1")}), calls to other Durable Objects ${mean("objects").toFixed(2)} (most ${most("objects")}), rate-limit checks ${mean("rateLimits").toFixed(2)}, D1 rows written ${mean("d1RowsWritten").toFixed(1)}`,
  );
  console.log(
    `Whole run (${real.paid} paid messages, summaries included): D1 round trips ${real.whole.d1}, rows read ${real.whole.d1RowsRead}, rows written ${real.whole.d1RowsWritten} (${rowsPerMessage.toFixed(2)} a message); D1 grew ${bytesAfter.total - bytesBefore.total} B (${bytesPerMessage.toFixed(0)} B a message)`,
  );
  console.log(
    `One message's D1 statements counted alone: before the answer ${rows.hot.statements} statements, ${rows.hot.rowsRead} rows read, ${rows.hot.rowsWritten} written; behind it (once per burst) ${rows.behind.statements} statements, ${rows.behind.rowsRead} read, ${rows.behind.rowsWritten} written (D1 counts index entries too)`,
  );

  return [
    {
      name: "D1 round trips before a paid message is acknowledged",
      value: `${most("d1")} (mean ${mean("d1").toFixed(2)}, ${sends} sends)`,
      target: "0",
      holds: sends > 0 && most("d1") === 0,
    },
    {
      name: "calls to other Durable Objects before the acknowledgement",
      value: `${most("objects")} (+ ${most("rateLimits")} rate-limit check)`,
      target: "≤ 1",
      holds: sends > 0 && most("objects") <= 1,
    },
    {
      name: `chat p99, ${ROOMS} rooms, vs the echo Durable Object in the same run`,
      value: `${(chat.p99 / Math.max(echo.p99, 0.1)).toFixed(1)} × (${chat.p99.toFixed(0)} ms)`,
      target: "≤ 2 ×",
      holds: chat.p99 <= 2 * echo.p99,
    },
    {
      name: "chat p99, rate limit answered at once (stand-in), vs echo",
      value: `${(stand.result.p99 / Math.max(echo.p99, 0.1)).toFixed(1)} × (${stand.result.p99.toFixed(0)} ms)`,
      target: "(report)",
      holds: true,
    },
    {
      name: "chat messages/s vs echo",
      value: `${((chat.perSecond / echo.perSecond) * 100).toFixed(0)} %`,
      target: "≥ 40 %",
      holds: chat.perSecond >= 0.4 * echo.perSecond,
    },
    {
      name: "chat messages/s vs echo with one D1 write",
      value: `${((chat.perSecond / echoD1.perSecond) * 100).toFixed(0)} %`,
      target: "(report)",
      holds: true,
    },
    {
      name: "D1 rows written per paid message, whole run, summaries included",
      value: rowsPerMessage.toFixed(2),
      target: "≤ 1",
      holds: rowsPerMessage <= 1,
    },
    {
      name: "D1 bytes added per paid message",
      value: `${bytesPerMessage.toFixed(0)} B`,
      target: "≤ 20 B",
      holds: bytesPerMessage <= 20,
    },
  ];
}
