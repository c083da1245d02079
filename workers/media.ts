// Photos from R2, through the Worker, with a sandboxing CSP so an image can
// never run script in this origin. Every path has its own rule and nothing
// else is served: a key is reachable only through the door of its kind.
// /media/photos/<key>: public profile photos only (default deny: see
// isPublicPhotoFile), kept by shared caches under an hour (PUBLIC_PHOTO_CACHE);
// a photo that stops being public moves to a new key and its old URLs are
// purged (photos/retire.ts). A file of a private, pending or rejected photo, a
// chat photo or any other key is not served here.
// /media/private/<photoId>/<full|thumb>: any photo the visitor may see by the
// rule in app/server/photos/visibility.ts (private ones: the owner and premium
// members), cached by the browser only; 404 to everyone else, existing or not.
// /media/chat/<conversation>/<file>: photos sent in a conversation, to its
// members only, cached by the browser only.
// No photo, nor any answer under /media, is for search engines (X-Robots-Tag).
import type { Context } from "hono";
import { Hono } from "hono";
import { openConversation } from "#app/server/chat/rooms.ts";
import { isDomainError } from "#app/server/errors.ts";
import { isPublicPhotoFile, PUBLIC_PHOTO_CACHE, viewablePhotoFile } from "#app/server/photos/visibility.ts";
import type { AppEnv } from "./server.ts";

export const media = new Hono<AppEnv>()
  .use(async (c, next) => {
    await next();
    c.res.headers.set("X-Robots-Tag", "noindex, noimageindex");
  })
  .get("/photos/:key{[A-Za-z0-9/_.-]+}", async (c) => {
    const key = c.req.param("key");
    if (key.includes("..") || !(await isPublicPhotoFile(c.var.app, key))) return c.notFound();
    return serve(c, key, PUBLIC_PHOTO_CACHE);
  })
  .get("/private/:id{[0-9]{1,15}}/:variant{full|thumb}", async (c) => {
    const variant = c.req.param("variant") === "thumb" ? "thumb" : "full";
    const key = await viewablePhotoFile(c.var.app, Number(c.req.param("id")), variant, c.var.app.member);
    if (!key) return c.notFound();
    return serve(c, key, "private, max-age=3600");
  });

/** Chat photos: only to the members of a conversation that is open to them (no block either way). */
media.get("/chat/:conversation{[0-9]{1,15}}/:file{[A-Za-z0-9_-]+\\.jpg}", async (c) => {
  const member = c.var.app.member;
  if (!member) return c.notFound();
  const conversation = await openConversation(c.var.app, member.id, Number(c.req.param("conversation"))).catch(
    (error: unknown) => {
      if (isDomainError(error)) return null;
      throw error;
    },
  );
  if (!conversation) return c.notFound();
  return serve(c, `c/${conversation.conversationId}/${c.req.param("file")}`, "private, max-age=86400");
});

async function serve(c: Context<AppEnv>, key: string, cacheControl: string) {
  const object = await c.env.PHOTOS.get(key, { onlyIf: c.req.raw.headers });
  if (!object) return c.notFound();

  const headers = new Headers();
  object.writeHttpMetadata(headers);
  headers.set("ETag", object.httpEtag);
  headers.set("Cache-Control", cacheControl);
  headers.set("Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'; sandbox");
  headers.set("Cross-Origin-Resource-Policy", "same-origin");
  if (!("body" in object)) return new Response(null, { status: 304, headers });
  return new Response(object.body, { headers });
}
