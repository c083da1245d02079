// The README's table of variables and secrets, generated from the config
// catalogue: `node scripts/config-docs.ts` rewrites it, and a unit test fails
// when the README, .dev.vars.example and the catalogue disagree.
import { readFileSync, writeFileSync } from "node:fs";
import { type Variable, variables } from "../app/server/config/variables.ts";

const HEADER = ["name", "kind", "needed", "what it is for"];
const END = "<!-- config-table -->";

/** The table's cells, one row per variable, as the catalogue says. */
export function configRows(): string[][] {
  return Object.entries(variables).map(([name, v]) => {
    const variable: Variable = v;
    const needed = variable.required ? "yes" : variable.when ? `with ${variable.when}` : "no";
    return [`\`${name}\``, variable.kind, needed, variable.what.replaceAll("|", "\\|")];
  });
}

const line = (cells: string[]) => `| ${cells.join(" | ")} |`;

/** Where the table is: from its header row to the marker after it. */
function tableSpan(readme: string) {
  const start = readme.search(/^\| name +\| kind +\| needed +\| what it is for +\|$/m);
  const end = readme.indexOf(END);
  if (start < 0 || end < start) throw new Error(`README lacks the config table and its ${END} marker`);
  return { start, end };
}

/** The README table's rows, however its columns are aligned. */
export function readmeRows(readme: string): string[][] {
  const { start, end } = tableSpan(readme);
  return readme
    .slice(start, end)
    .trim()
    .split("\n")
    .slice(2)
    .map((row) =>
      row
        .slice(1, -1)
        .split(/(?<!\\)\|/)
        .map((cell) => cell.trim()),
    );
}

if (import.meta.main) {
  const readme = readFileSync("README.md", "utf8");
  const { start, end } = tableSpan(readme);
  const table = [line(HEADER), line(HEADER.map((h) => "-".repeat(h.length))), ...configRows().map(line)];
  writeFileSync("README.md", `${readme.slice(0, start)}${table.join("\n")}\n${readme.slice(end)}`);
}
