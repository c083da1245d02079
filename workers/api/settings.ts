// GET /api/settings.php: the domain's settings; `domain` in the query
// forces the domain. Sets the locale cookie when none is set and the domain's
// domain_language is a supported locale.
import { Hono } from "hono";
import { getCookie } from "hono/cookie";
import { z } from "zod";
import { LOCALE_COOKIE, localeOfDomainLanguage } from "#app/i18n/negotiate.ts";
import { localeCookie } from "#app/server/http/cookies.ts";
import { domainOf, loadSettings } from "#app/server/settings/resolve.ts";
import type { AppEnv } from "#workers/server.ts";
import { apiError } from "./errors.ts";

const querySchema = z.object({
  domain: z
    .string()
    .max(253)
    .regex(/^[a-z0-9.-]+(:\d{1,5})?$/i)
    .optional(),
});

export const settingsApi = new Hono<AppEnv>().get("/settings.php", async (c) => {
  const query = querySchema.safeParse({ domain: c.req.query("domain") });
  if (!query.success) return apiError(c, 400, "invalid_domain", "errors:invalidDomain");

  const { app } = c.var;
  const settings = query.data.domain ? await loadSettings(c.env.SETTINGS, domainOf(query.data.domain)) : app.settings;
  const locale = localeOfDomainLanguage(settings.domain_language);
  if (locale && !getCookie(c, LOCALE_COOKIE)) {
    c.header("Set-Cookie", localeCookie(c.req.raw, locale), { append: true });
  }
  c.header("Cache-Control", "no-store");
  return c.json(settings);
});
