// Every integration test starts from empty bindings with the migrations applied,
// and with no settings or reference data cached in the isolate. It also fails
// when the Worker answered 5xx to any request during the test, with the
// Worker's error log lines in the message: a crash must not pass because the
// test only looked at something else. The Worker runs in this isolate and logs
// every answer ("request", with its status), so its log is where 5xx answers
// are seen. (Tests of refusals that are 5xx by design, such as a Worker without
// its configuration, silence the log on purpose.)
import { applyD1Migrations, env, reset } from "cloudflare:test";
import { afterEach, beforeEach, expect } from "vitest";
import { disarmCrashes } from "#app/server/crash-points.ts";
import { forgetRegionPoints } from "#app/server/geo/geocode.ts";
import { forgetReferenceData } from "#app/server/reference/reference-data.ts";
import { forgetSettings } from "#app/server/settings/resolve.ts";
import { forgetSiteGroups } from "#app/server/settings/site-groups.ts";
import { settleBackgroundWork } from "./fixtures.ts";

const serverErrors: string[] = [];
const errorLines: string[] = [];

/** Reads one of the Worker's log lines (one JSON object, app/server/log.ts). */
function watch(args: unknown[]) {
  if (args.length !== 1 || typeof args[0] !== "string" || !args[0].startsWith("{")) return;
  let line: { level?: string; msg?: string; method?: string; path?: string; status?: number };
  try {
    line = JSON.parse(args[0]);
  } catch {
    return;
  }
  if (line.level === "error") errorLines.push(args[0]);
  if (line.msg === "request" && (line.status ?? 0) >= 500) {
    serverErrors.push(`${line.method} ${line.path} answered ${line.status}`);
  }
}

// Files share one isolate (vitest.config.ts), and this file runs once per test
// file: the console is wrapped once, and the latest file's watcher reads it.
const wrapped = Symbol.for("integration.console-watch");
const holder = globalThis as { [wrapped]?: (args: unknown[]) => void };
if (!holder[wrapped]) {
  for (const level of ["log", "error"] as const) {
    const write = console[level].bind(console);
    console[level] = (...args: unknown[]) => {
      holder[wrapped]?.(args);
      write(...args);
    };
  }
}
holder[wrapped] = watch;

afterEach(async () => {
  disarmCrashes();
  await settleBackgroundWork();
  if (serverErrors.length > 0) {
    expect.fail(`the Worker answered 5xx:\n${[...serverErrors, ...errorLines.slice(-5)].join("\n")}`);
  }
});

beforeEach(async () => {
  serverErrors.length = 0;
  errorLines.length = 0;
  await reset();
  await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
  forgetSettings();
  forgetSiteGroups();
  forgetReferenceData();
  forgetRegionPoints();
});
