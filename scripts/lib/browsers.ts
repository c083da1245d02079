// Which Chromium the journeys run in, for `npm test` (which installs what is
// missing), CI (`.ci/run` runs `npm test`) and Playwright's configuration (which
// only looks). Debian's packages where the machine can have them: the headless
// shell for the journeys and the full browser for those about notifications,
// which the shell refuses. Anywhere else (macOS, another Linux, Debian without
// root or a password-less sudo) Playwright's own Chromium, downloaded once by
// `npx playwright install chromium` as in any Playwright project. The choice is
// a pure function of what the machine has, tested in tests/unit/browsers.test.ts.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { chromium } from "@playwright/test";

const DEBIAN_SHELL = process.env.CHROMIUM_SHELL_PATH ?? "/usr/bin/chromium-headless-shell";
const DEBIAN_BROWSER = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/** What the machine has, as far as the choice goes. */
export interface Machine {
  /** Debian's packages, by name: installed or not. */
  debian: { "chromium-headless-shell": boolean; chromium: boolean };
  /** Debian's apt-get. */
  apt: boolean;
  root: boolean;
  /** sudo that asks no password (`sudo -n true` succeeds). */
  sudo: boolean;
  /** Playwright's own Chromium is downloaded already. */
  playwrightChromium: boolean;
}

export interface BrowserPlan {
  use: "debian" | "playwright";
  /** Commands to run first, in order; none when everything is there. */
  install: string[][];
  /** The one line `npm test` prints. */
  says: string;
}

/** Debian's Chromium when it is installed or can be; Playwright's own otherwise. */
export function planBrowsers(machine: Machine): BrowserPlan {
  const missing = missingPackages(machine.debian);
  const debianSays = `Journeys run in Debian's Chromium headless shell (${DEBIAN_SHELL}); those about notifications in ${DEBIAN_BROWSER}.`;
  if (!missing.length) return { use: "debian", install: [], says: debianSays };
  if (machine.apt && (machine.root || machine.sudo)) {
    const as = machine.root ? [] : ["sudo", "-n"];
    const install = [
      [...as, "apt-get", "update", "-qq"],
      [...as, "env", "DEBIAN_FRONTEND=noninteractive", "apt-get", "install", "-y", "-qq", ...missing],
    ];
    return { use: "debian", install, says: `${debianSays} Installing ${missing.join(" and ")} first.` };
  }
  return {
    use: "playwright",
    install: machine.playwrightChromium ? [] : [["npx", "playwright", "install", "chromium"]],
    says: `Journeys run in Playwright's own Chromium (${machine.playwrightChromium ? "installed" : "installing it first, once"}).`,
  };
}

const missingPackages = (debian: Machine["debian"]) =>
  Object.entries(debian).flatMap(([name, installed]) => (installed ? [] : [name]));

const debianPackages = (): Machine["debian"] => ({
  "chromium-headless-shell": existsSync(DEBIAN_SHELL),
  chromium: existsSync(DEBIAN_BROWSER),
});

/** This machine, looked at. */
export function thisMachine(): Machine {
  const sudo = () => spawnSync("sudo", ["-n", "true"], { stdio: "ignore" }).status === 0;
  const root = process.getuid?.() === 0;
  const apt = process.platform === "linux" && existsSync("/etc/debian_version") && existsSync("/usr/bin/apt-get");
  return {
    debian: debianPackages(),
    apt,
    root,
    sudo: apt && !root && sudo(),
    playwrightChromium: existsSync(chromium.executablePath()),
  };
}

/**
 * Launch options for Playwright's configuration: Debian's executables when both
 * are there, else Playwright's own (its headless shell by default, its full
 * Chromium through the "chromium" channel).
 */
export function journeyBrowsers(): {
  shell: { executablePath?: string };
  full: { executablePath?: string; channel?: string };
} {
  if (!missingPackages(debianPackages()).length) {
    return { shell: { executablePath: DEBIAN_SHELL }, full: { executablePath: DEBIAN_BROWSER } };
  }
  return { shell: {}, full: { channel: "chromium" } };
}
