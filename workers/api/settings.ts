// GET /api/settings.php: the domain's settings; `domain` in the query
// forces the domain. Keeps the domain's domain_language as the visitor's
// locale, as a first page does, when they have not chosen one.
import { Hono } from "hono";
import { z } from "zod";
import { domainLocaleCookie } from "#app/server/http/cookies.ts";
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
  const locale = domainLocaleCookie(c.req.raw, settings.domain_language);
  if (locale) c.header("Set-Cookie", locale, { append: true });
  c.header("Cache-Control", "no-store");
  return c.json(settings);
});
