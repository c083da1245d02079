// The Worker refuses to serve with a configuration it cannot trust: every
// request gets a 503 (a short page, or JSON under /api) and the log names each
// variable that is missing or wrong. Nothing falls back to a value of the repo.

import type { MiddlewareHandler } from "hono";
import { appConfig, ConfigError } from "#app/server/config/env.ts";
import { createLogger } from "#app/server/log.ts";
import { plainAnswer } from "./plain-page.ts";
import type { AppEnv } from "./server.ts";

const RETRY_AFTER_SECONDS = "300";

export const configGate: MiddlewareHandler<AppEnv> = async (c, next) => {
  try {
    appConfig(c.env);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    createLogger(c.var.requestId).error("configuration refused: not serving", {
      variables: error.problems.map((p) => p.variable),
      problems: error.problems.map((p) => `${p.variable} ${p.problem}`),
    });
    c.header("Retry-After", RETRY_AFTER_SECONDS);
    return plainAnswer(c, 503, {
      code: "unavailable",
      title: "errors:unavailableTitle",
      message: "errors:unavailable",
      requestId: c.var.requestId,
    });
  }
  return next();
};
