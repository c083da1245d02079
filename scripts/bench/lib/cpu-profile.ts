// A CPU profile of a Worker through its DevTools inspector (the protocol
// workerd speaks), summed up as self time per function: where the isolate
// spends its time while something else puts it under load.
import WebSocket from "ws";

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** What V8 reports for time no JavaScript ran in: not the Worker's CPU. */
const IDLE = new Set(["(idle)", "(program)"]);

interface SelfTime {
  name: string;
  where: string;
  ms: number;
}

export interface CpuSummary {
  /** Sampled time JavaScript (and its garbage collector) ran, in ms. */
  busyMs: number;
  top: SelfTime[];
  /** The whole profile, for Chrome DevTools' Performance panel (a .cpuprofile file). */
  profile: Profile;
}

/** The inspector WebSocket of the first Worker behind a Miniflare/workerd inspector port. */
export async function inspectorUrl(port: number): Promise<string> {
  const targets = (await (await fetch(`http://127.0.0.1:${port}/json`)).json()) as { webSocketDebuggerUrl: string }[];
  const target = targets[0];
  if (!target) throw new Error(`no Worker behind inspector port ${port}`);
  return target.webSocketDebuggerUrl;
}

/** Profiles the isolate while `during` runs; returns its self time per function. */
export async function profileWhile<T>(
  wsUrl: string,
  during: () => Promise<T>,
  { intervalUs = 200, top = 15 } = {},
): Promise<{ result: T; cpu: CpuSummary }> {
  const socket = new WebSocket(wsUrl);
  await new Promise((resolve, reject) => socket.once("open", resolve).once("error", reject));
  let nextId = 1;
  const pending = new Map<number, (message: { result?: unknown; error?: unknown }) => void>();
  socket.on("message", (raw) => {
    const message = JSON.parse(String(raw));
    pending.get(message.id)?.(message);
    pending.delete(message.id);
  });
  const send = (method: string, params: object = {}) =>
    new Promise<unknown>((resolve, reject) => {
      const id = nextId++;
      pending.set(id, (m) =>
        m.error ? reject(new Error(`${method}: ${JSON.stringify(m.error)}`)) : resolve(m.result),
      );
      socket.send(JSON.stringify({ id, method, params }));
    });
  try {
    await send("Profiler.enable");
    await send("Profiler.setSamplingInterval", { interval: intervalUs });
    await send("Profiler.start");
    const result = await during();
    const { profile } = (await send("Profiler.stop")) as { profile: Profile };
    return { result, cpu: selfTimes(profile, top) };
  } finally {
    socket.close();
  }
}

function selfTimes(profile: Profile, top: number): CpuSummary {
  const byNode = new Map(profile.nodes.map((node) => [node.id, node]));
  const byFunction = new Map<string, SelfTime>();
  let busyUs = 0;
  profile.samples.forEach((nodeId, i) => {
    const frame = byNode.get(nodeId)!.callFrame;
    const us = profile.timeDeltas[i] ?? 0;
    if (IDLE.has(frame.functionName)) return;
    busyUs += us;
    const name = frame.functionName || "(anonymous)";
    const where = frame.url ? `${frame.url.split("/").pop()}:${frame.lineNumber + 1}:${frame.columnNumber + 1}` : "";
    const key = `${name} ${where}`;
    const entry = byFunction.get(key) ?? { name, where, ms: 0 };
    entry.ms += us / 1000;
    byFunction.set(key, entry);
  });
  const sorted = [...byFunction.values()].sort((a, b) => b.ms - a.ms);
  return { busyMs: busyUs / 1000, top: sorted.slice(0, top), profile };
}
