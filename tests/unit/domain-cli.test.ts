// The operator CLI writes only settings that pass the app's schema (local KV).
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";

const stateDir = mkdtempSync(join(tmpdir(), "domain-cli-"));
const domain = (...args: string[]) =>
  spawnSync(process.execPath, ["scripts/domain.ts", ...args], {
    encoding: "utf8",
    env: { ...process.env, STATE_DIR: stateDir, WRANGLER_SEND_METRICS: "false", CLOUDFLARE_CF_FETCH_ENABLED: "false" },
  });

afterAll(() => rmSync(stateDir, { recursive: true, force: true }));

describe("npm run domain", { timeout: 60_000 }, () => {
  it("shows the built-in defaults for a domain without settings", () => {
    const result = domain("get", "nieuw.example");
    expect(result.status).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({ name: "Hartslag", domain: "nieuw.example" });
  });

  it("saves a JSON file and key=value changes, then lists and reads them back", () => {
    const file = join(stateDir, "settings.json");
    writeFileSync(
      file,
      JSON.stringify({ name: "Herzklopfen", domain: "herz.example", countries: ["DE"], company_id: 1 }),
    );
    expect(domain("set", "herz.example", file).status).toBe(0);
    expect(domain("set", "herz.example", "niche=3", "domain_language=de-DE", "index_title=Hallo").status).toBe(0);
    expect(domain("list").stdout.trim().split("\n")).toContain("herz.example");
    const settings = JSON.parse(domain("get", "herz.example").stdout);
    expect(settings).toMatchObject({ name: "Herzklopfen", niche: 3, domain_language: "de-DE", index_title: "Hallo" });
    expect(settings.signups).toBe("all");
  });

  it("refuses settings that fail the schema and names the field", () => {
    const result = domain("set", "herz.example", "niche=12");
    expect(result.status).toBe(1);
    expect(result.stderr).toContain("niche");
    expect(JSON.parse(domain("get", "herz.example").stdout).niche).toBe(3);
  });
});
