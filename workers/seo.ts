// GET /robots.txt and /sitemap.xml for the request's host.
import { Hono } from "hono";
import { robotsTxt, sitemapXml } from "#app/server/site/seo.ts";
import type { AppEnv } from "./server.ts";

export const seo = new Hono<AppEnv>()
  .get("/robots.txt", (c) => {
    c.header("Cache-Control", "public, max-age=3600");
    return c.text(robotsTxt(c.var.app.origin));
  })
  .get("/sitemap.xml", (c) => {
    const { app } = c.var;
    c.header("Content-Type", "application/xml; charset=utf-8");
    c.header("Cache-Control", "public, max-age=3600");
    return c.body(sitemapXml(app.origin, app.settings));
  });
