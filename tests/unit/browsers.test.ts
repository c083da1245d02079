// Which Chromium `npm test` gives the journeys on the machines the quick start
// promises (scripts/lib/browsers.ts): Debian's packages where they are or can be
// installed, Playwright's own Chromium everywhere else.
import { describe, expect, it } from "vitest";
import { type Machine, planBrowsers } from "../../scripts/lib/browsers.ts";

const bare: Machine = {
  debian: { "chromium-headless-shell": false, chromium: false },
  apt: false,
  root: false,
  sudo: false,
  playwrightChromium: false,
};
const debian = { ...bare, apt: true };
const macOS = bare;

describe("the journeys' browser", () => {
  it("uses Debian's Chromium as it is when both packages are installed, on any machine", () => {
    const installed = { "chromium-headless-shell": true, chromium: true };
    for (const machine of [
      { ...debian, debian: installed },
      { ...macOS, debian: installed },
    ]) {
      expect(planBrowsers(machine)).toMatchObject({ use: "debian", install: [] });
    }
  });

  it("installs Debian's packages with apt-get on Debian as root", () => {
    expect(planBrowsers({ ...debian, root: true })).toMatchObject({
      use: "debian",
      install: [
        ["apt-get", "update", "-qq"],
        [
          "env",
          "DEBIAN_FRONTEND=noninteractive",
          "apt-get",
          "install",
          "-y",
          "-qq",
          "chromium-headless-shell",
          "chromium",
        ],
      ],
    });
  });

  it("installs them through a sudo that asks no password, and only the one missing", () => {
    const plan = planBrowsers({ ...debian, sudo: true, debian: { "chromium-headless-shell": false, chromium: true } });
    expect(plan.use).toBe("debian");
    expect(plan.install).toEqual([
      ["sudo", "-n", "apt-get", "update", "-qq"],
      [
        "sudo",
        "-n",
        "env",
        "DEBIAN_FRONTEND=noninteractive",
        "apt-get",
        "install",
        "-y",
        "-qq",
        "chromium-headless-shell",
      ],
    ]);
    expect(plan.says).toMatch(/Installing chromium-headless-shell first/);
  });

  it("falls back to Playwright's own Chromium on Debian without root or sudo", () => {
    expect(planBrowsers(debian)).toMatchObject({
      use: "playwright",
      install: [["npx", "playwright", "install", "chromium"]],
    });
  });

  it("uses Playwright's own Chromium on macOS, downloaded on the first run only", () => {
    expect(planBrowsers(macOS)).toMatchObject({
      use: "playwright",
      install: [["npx", "playwright", "install", "chromium"]],
    });
    expect(planBrowsers({ ...macOS, playwrightChromium: true })).toMatchObject({ use: "playwright", install: [] });
  });

  it("says in one line which browser the journeys run in", () => {
    expect(planBrowsers({ ...debian, root: true }).says).toMatch(/^Journeys run in Debian's Chromium headless shell/);
    expect(planBrowsers(macOS).says).toMatch(/^Journeys run in Playwright's own Chromium/);
    for (const machine of [debian, macOS]) expect(planBrowsers(machine).says).not.toContain("\n");
  });
});
