// GET /api/likes.php → { profiles, liked_by: [{ id, like_new }] } and
// GET /api/auto-like.php → { profile } for the match modal.
import { Hono } from "hono";
import { autoLike } from "#app/server/likes/auto-like.ts";
import { likesState } from "#app/server/likes/likes.ts";
import type { AppEnv } from "#workers/server.ts";
import { requireMember } from "./auth.ts";

export const likesApi = new Hono<AppEnv>()
  .get("/likes.php", async (c) => {
    const member = requireMember(c);
    if (member instanceof Response) return member;
    c.header("Cache-Control", "no-store");
    return c.json(await likesState(c.var.app, member.id));
  })
  .get("/auto-like.php", async (c) => {
    const member = requireMember(c);
    if (member instanceof Response) return member;
    c.header("Cache-Control", "no-store");
    return c.json({ profile: await autoLike(c.var.app, member) });
  });
