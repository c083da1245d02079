// npm run bench [-- foundation members chat load lighthouse scale]: serves the production build on
// loopback and prints every budget's figure, its target and whether it holds.
// Figures that depend on the machine are ratios to a baseline measured in the
// same run. Without arguments every section runs. Sections load only when
// chosen, through Vite's module loader (see lib/app-modules.ts).
import type { Budget } from "./foundation.ts";
import { closeAppModules, loadAppModule } from "./lib/app-modules.ts";
import { table } from "./lib/load.ts";
import { type BenchServer, startServer } from "./lib/server.ts";

type Section = (server: BenchServer) => Promise<Budget[]>;
const section = (path: string, name: string) => async () => (await loadAppModule<Record<string, Section>>(path))[name]!;
const sections: Record<string, () => Promise<Section>> = {
  foundation: section("/scripts/bench/foundation.ts", "benchFoundation"),
  members: section("/scripts/bench/members.ts", "benchMembers"),
  chat: section("/scripts/bench/chat.ts", "benchChat"),
  load: section("/scripts/bench/mix.ts", "benchMix"),
  lighthouse: section("/scripts/bench/lighthouse.ts", "benchLighthouse"),
  scale: section("/scripts/bench/scale.ts", "benchScale"),
};
const chosen = process.argv.slice(2).filter((a) => a in sections);

const server = await startServer({ port: 4310 });
const budgets: Budget[] = [];
try {
  for (const name of chosen.length ? chosen : Object.keys(sections)) {
    try {
      const run = await sections[name]!();
      budgets.push(...(await run(server)));
    } catch (error) {
      // One broken section must not hide the others' figures.
      console.error(`\nSection ${name} failed:`, error);
      budgets.push({ name: `${name} section`, value: "failed", target: "runs", holds: false });
    }
  }
} finally {
  await server.stop();
  await closeAppModules();
}

console.log("\nBudgets\n");
console.log(
  table([
    ["budget", "value", "target", "holds"],
    ...budgets.map((b) => [b.name, b.value, b.target, b.holds ? "yes" : "NO"]),
  ]),
);
