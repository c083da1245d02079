// Every integration test starts from empty bindings with the migrations applied,
// and with no settings or reference data cached in the isolate. It also fails
// when the Worker answered 5xx to any request it made through SELF, with the
// Worker's error log lines in the message: a crash must not pass because the
// test only looked at something else. (Tests of refusals that are 5xx by design,
// such as a Worker without its configuration, call the Worker's fetch directly.)
import { applyD1Migrations, env, reset, SELF } from "cloudflare:test";
import { afterEach, beforeEach, expect } from "vitest";
import { disarmCrashes } from "#app/server/crash-points.ts";
import { forgetRegionPoints } from "#app/server/geo/geocode.ts";
import { forgetReferenceData } from "#app/server/reference/reference-data.ts";
import { forgetSettings } from "#app/server/settings/resolve.ts";
import { serverAnswers, settleBackgroundWork } from "./fixtures.ts";

const errorLines: string[] = [];
const writeError = console.error.bind(console);
console.error = (...args: unknown[]) => {
  errorLines.push(args.map(String).join(" "));
  writeError(...args);
};

const fetchSelf = SELF.fetch.bind(SELF);
SELF.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
  const response = await fetchSelf(input, init);
  if (response.status >= 500) {
    const request = new Request(input, init);
    serverAnswers.errors.push(`${request.method} ${new URL(request.url).pathname} answered ${response.status}`);
  }
  return response;
};

afterEach(async () => {
  disarmCrashes();
  await settleBackgroundWork();
  const { errors } = serverAnswers;
  if (errors.length > 0) {
    expect.fail(`the Worker answered 5xx:\n${[...errors, ...errorLines.slice(-5)].join("\n")}`);
  }
});

beforeEach(async () => {
  serverAnswers.errors = [];
  errorLines.length = 0;
  await reset();
  await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
  forgetSettings();
  forgetReferenceData();
  forgetRegionPoints();
});
