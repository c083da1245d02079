// GET /api/settings.php: the domain's settings; `domain` in the query
// names another domain, which must have settings (404 otherwise: never the
// built-in ones). Keeps the domain's domain_language as the visitor's locale,
// as a first page does, when they have not chosen one. Every name looked up
// costs a KV read and a place in the isolate's bounded copy, so the door is
// rate limited (limits/rate-limits.ts).
import { Hono } from "hono";
import { z } from "zod";
import { domainLocaleCookie } from "#app/server/http/cookies.ts";
import { domainOf, findSettings } from "#app/server/settings/resolve.ts";
import type { AppEnv } from "#workers/server.ts";
import { apiError, catalogueError } from "./errors.ts";

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
  const named = query.data.domain ? domainOf(query.data.domain) : app.domain;
  const settings = named === app.domain ? app.settings : await findSettings(c.env.SETTINGS, named);
  if (!settings) return catalogueError(c, "unknown_domain");
  const locale = domainLocaleCookie(c.req.raw, settings.domain_language);
  if (locale) c.header("Set-Cookie", locale, { append: true });
  c.header("Cache-Control", "no-store");
  return c.json(settings);
});
