// The Worker refuses to serve with a configuration it cannot trust: every
// request gets a 503 (a short page, or JSON under /api) and the log names each
// variable that is missing or wrong. Nothing falls back to a value of the repo.

import type { MiddlewareHandler } from "hono";
import { getCookie } from "hono/cookie";
import { html } from "hono/html";
import { translator } from "#app/i18n/i18next.server.ts";
import { LOCALE_COOKIE, negotiateLocale } from "#app/i18n/negotiate.ts";
import { appConfig, ConfigError } from "#app/server/config/env.ts";
import { createLogger } from "#app/server/log.ts";
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
    const locale = negotiateLocale({
      cookie: getCookie(c, LOCALE_COOKIE),
      domainLanguage: null,
      acceptLanguage: c.req.header("accept-language"),
      country: null,
    });
    const t = translator(locale);
    c.header("Retry-After", RETRY_AFTER_SECONDS);
    c.header("Cache-Control", "no-store");
    if (c.req.path.startsWith("/api/")) {
      return c.json({ error: "unavailable", message: t("errors:unavailable"), requestId: c.var.requestId }, 503);
    }
    return c.html(unavailablePage(locale, t("errors:unavailableTitle"), t("errors:unavailable")), 503);
  }
  return next();
};

function unavailablePage(locale: string, title: string, message: string) {
  return html`<!doctype html>
    <html lang="${locale}">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width,initial-scale=1" />
        <meta name="robots" content="noindex" />
        <title>${title}</title>
        <style>
          body{font:1rem/1.5 system-ui,sans-serif;max-width:32rem;margin:20vh auto;padding:0 1.5rem;color:#1f2937}
        </style>
      </head>
      <body>
        <main><h1>${title}</h1><p>${message}</p></main>
      </body>
    </html>`;
}
