// npm run bench [-- foundation members chat load lighthouse]: serves the production build on
// loopback and prints every budget's figure, its target and whether it holds.
// Figures that depend on the machine are ratios to a baseline measured in the
// same run. Without arguments every section runs. Sections load only when
// chosen, so one that cannot load under plain Node does not stop the others.
import type { Budget } from "./foundation.ts";
import { table } from "./lib/load.ts";
import { type BenchServer, startServer } from "./lib/server.ts";

type Section = (server: BenchServer) => Promise<Budget[]>;
const sections: Record<string, () => Promise<Section>> = {
  foundation: async () => (await import("./foundation.ts")).benchFoundation,
  members: async () => (await import("./members.ts")).benchMembers,
  chat: async () => (await import("./chat.ts")).benchChat,
  load: async () => (await import("./mix.ts")).benchMix,
  lighthouse: async () => (await import("./lighthouse.ts")).benchLighthouse,
};
const chosen = process.argv.slice(2).filter((a) => a in sections);

const server = await startServer({ port: 4310 });
const budgets: Budget[] = [];
try {
  for (const name of chosen.length ? chosen : Object.keys(sections)) {
    const section = await sections[name]!();
    budgets.push(...(await section(server)));
  }
} finally {
  await server.stop();
}

console.log("\nBudgets\n");
console.log(
  table([
    ["budget", "value", "target", "holds"],
    ...budgets.map((b) => [b.name, b.value, b.target, b.holds ? "yes" : "NO"]),
  ]),
);
