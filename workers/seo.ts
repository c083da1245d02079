// GET /robots.txt, /sitemap.xml and its parts /sitemap/<n>.xml for the request's host.
import type { Context } from "hono";
import { Hono } from "hono";
import { robotsTxt } from "#app/server/site/seo.ts";
import { SITEMAP_LIMIT, sitemapDocument } from "#app/server/site/sitemap.ts";
import type { AppEnv } from "./server.ts";

const CACHE = "public, max-age=3600";

/** The routes, with the sitemap split past `sitemapLimit` addresses (tests pass a small one). */
export function seoRoutes(sitemapLimit = SITEMAP_LIMIT) {
  const sitemap = async (c: Context<AppEnv>, part: number | null) => {
    const body = await sitemapDocument(c.var.app, part, sitemapLimit);
    if (body === null) return c.notFound();
    c.header("Content-Type", "application/xml; charset=utf-8");
    c.header("Cache-Control", CACHE);
    return c.body(body);
  };
  return new Hono<AppEnv>()
    .get("/robots.txt", (c) => {
      c.header("Cache-Control", CACHE);
      return c.text(robotsTxt(c.var.app.origin));
    })
    .get("/sitemap.xml", (c) => sitemap(c, null))
    .get("/sitemap/:file{[1-9][0-9]{0,5}\\.xml}", (c) => sitemap(c, Number(c.req.param("file").slice(0, -4))));
}

export const seo = seoRoutes();
