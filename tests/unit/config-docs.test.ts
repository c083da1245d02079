// The variables the Worker reads are named in one catalogue; the README's
// deploy table, .dev.vars.example and the code must agree with it.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { variables } from "#app/server/config/variables.ts";
import { configRows, readmeRows } from "../../scripts/config-docs.ts";
import { parseVars } from "../../scripts/lib/dev-vars.ts";

const names = Object.keys(variables).sort();

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry) ? [path] : [];
  });
}

describe("the configuration catalogue", () => {
  it("is what .dev.vars.example names, each once", () => {
    const example = readFileSync(".dev.vars.example", "utf8");
    expect(Object.keys(parseVars(example)).sort()).toEqual(names);
    for (const name of names) expect(example.match(new RegExp(`^${name}=`, "gm")), name).toHaveLength(1);
  });

  it("is the README's deploy table (node scripts/config-docs.ts writes it)", () => {
    const readme = readFileSync("README.md", "utf8");
    expect(readmeRows(readme)).toEqual(configRows());
    expect(readme).not.toMatch(/SESSION_SECRET/);
  });

  it("is read by the config module alone", () => {
    const readers = [...sourceFiles("app"), ...sourceFiles("workers")]
      .filter((file) => !file.startsWith(join("app", "server", "config")))
      .filter((file) =>
        names.some((name) => new RegExp(`env\\??\\.${name}\\b|\\[["']${name}["']\\]`).test(readFileSync(file, "utf8"))),
      );
    expect(readers).toEqual([]);
  });
});
