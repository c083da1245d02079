// The Worker's own short answers, given before there is a site to render them
// (a configuration it cannot trust, a host it does not serve): a page of one
// heading and one line in the visitor's language, or JSON under /api.
import type { Context } from "hono";
import { getCookie } from "hono/cookie";
import { html } from "hono/html";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { LOCALE_QUERY } from "#app/i18n/alternates.ts";
import { translator } from "#app/i18n/i18next.server.ts";
import { LOCALE_COOKIE, negotiateLocale } from "#app/i18n/negotiate.ts";
import type { AppEnv } from "./server.ts";

export function plainAnswer(
  c: Context<AppEnv>,
  status: ContentfulStatusCode,
  answer: { code: string; title: string; message: string; requestId?: string },
) {
  const locale = negotiateLocale({
    query: c.req.query(LOCALE_QUERY),
    cookie: getCookie(c, LOCALE_COOKIE),
    domainLanguage: null,
    acceptLanguage: c.req.header("accept-language"),
    country: null,
  });
  const t = translator(locale);
  c.header("Cache-Control", "no-store");
  if (c.req.path.startsWith("/api/")) {
    return c.json({ error: answer.code, message: t(answer.message), requestId: answer.requestId }, status);
  }
  return c.html(plainPage(locale, t(answer.title), t(answer.message)), status);
}

function plainPage(locale: string, title: string, message: string) {
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
