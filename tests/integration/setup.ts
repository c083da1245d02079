// Every integration test starts from empty bindings with the migrations applied,
// and with no settings or reference data cached in the isolate.
import { applyD1Migrations, env, reset } from "cloudflare:test";
import { afterEach, beforeEach } from "vitest";
import { disarmCrashes } from "#app/server/crash-points.ts";
import { forgetRegionPoints } from "#app/server/geo/geocode.ts";
import { forgetReferenceData } from "#app/server/reference/reference-data.ts";
import { forgetSettings } from "#app/server/settings/resolve.ts";
import { settleBackgroundWork } from "./fixtures.ts";

afterEach(async () => {
  disarmCrashes();
  await settleBackgroundWork();
});

beforeEach(async () => {
  await reset();
  await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
  forgetSettings();
  forgetReferenceData();
  forgetRegionPoints();
});
