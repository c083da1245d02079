// npm run bench [-- foundation members chat lighthouse]: serves the production build on
// loopback and prints every budget's figure, its target and whether it holds.
// Figures that depend on the machine are ratios to a baseline measured in the
// same run. Without arguments every section runs.
import { benchChat } from "./chat.ts";
import { type Budget, benchFoundation } from "./foundation.ts";
import { table } from "./lib/load.ts";
import { startServer } from "./lib/server.ts";
import { benchLighthouse } from "./lighthouse.ts";
import { benchMembers } from "./members.ts";

const sections = {
  foundation: benchFoundation,
  members: benchMembers,
  chat: benchChat,
  lighthouse: benchLighthouse,
};
const chosen = process.argv.slice(2).filter((a): a is keyof typeof sections => a in sections);

const server = await startServer({ port: 4310 });
const budgets: Budget[] = [];
try {
  for (const name of chosen.length ? chosen : (Object.keys(sections) as (keyof typeof sections)[])) {
    budgets.push(...(await sections[name](server)));
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
