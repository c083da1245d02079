// GET|POST /api/logout.php and GET /api/geocode.php?lat&lon.
import { type Context, Hono } from "hono";
import { z } from "zod";
import { CLIENT_HEADER } from "#app/schemas/client-header.ts";
import { logOut } from "#app/server/accounts/login.ts";
import { clearedSessionCookie, sessionToken } from "#app/server/accounts/session-cookie.ts";
import { nearestPlace } from "#app/server/geo/geocode.ts";
import type { AppEnv } from "#workers/server.ts";
import { apiError, catalogueError, validationError } from "./errors.ts";

const coordinates = z.object({
  lat: z.coerce.number().min(-90).max(90),
  lon: z.coerce.number().min(-180).max(180),
});

async function logout(c: Context<AppEnv>) {
  const token = sessionToken(c.req.raw);
  if (token) await logOut(c.var.app, token);
  c.header("Set-Cookie", clearedSessionCookie(c.req.raw), { append: true });
  c.header("Cache-Control", "no-store");
  // A form post from the account menu goes back home; API clients get JSON.
  if (c.req.method === "POST" && (c.req.header("accept") ?? "").includes("text/html")) return c.redirect("/", 303);
  return c.json({ ok: true });
}

export const sessionApi = new Hono<AppEnv>()
  // A GET may be a link on another site: the session cookie goes along with a
  // top-level GET (SameSite=Lax). It logs out only for the site's own client,
  // whose header such a page cannot send; the POST is checked by its Origin.
  .get("/logout.php", async (c) => {
    if (!c.req.header(CLIENT_HEADER.name)) {
      return apiError(c, 403, "client_header_required", "errors:clientHeaderRequired");
    }
    return logout(c);
  })
  .post("/logout.php", logout)
  .get("/geocode.php", async (c) => {
    const parsed = coordinates.safeParse({ lat: c.req.query("lat"), lon: c.req.query("lon") });
    if (!parsed.success) return validationError(c, parsed.error);
    const place = await nearestPlace(c.var.app.db, parsed.data.lat, parsed.data.lon);
    if (!place) return catalogueError(c, "no_place");
    c.header("Cache-Control", "private, max-age=3600");
    return c.json(place);
  });
