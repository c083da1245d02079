// /api/photos, the member's own photos: list, upload (multipart field
// `photo`, optional `private=1`), make main / private (PATCH), delete. Thin over
// app/server/photos; another member's photo id is 404, as if it did not exist.
import { Hono } from "hono";
import { z } from "zod";
import { readUpload } from "#app/server/photos/limits.ts";
import { deletePhoto, listOwnPhotos, updatePhoto } from "#app/server/photos/manage.ts";
import { uploadPhoto } from "#app/server/photos/upload.ts";
import type { AppEnv } from "#workers/server.ts";
import { readBody, requireClientHeader, requireMember } from "./auth.ts";
import { answer, validationError } from "./errors.ts";

/** The file field of every photo upload (here and in a conversation). */
export const photoField = z.object({ photo: z.instanceof(File, { message: "photos:errors.noFile" }) });

const uploadSchema = photoField.extend({ private: z.enum(["1", "0", "true", "false", "on"]).optional() });

const updateSchema = z.object({
  is_private: z.boolean().optional(),
  main: z.literal(true).optional(),
});

export const photosApi = new Hono<AppEnv>()
  .use("/photos/*", requireClientHeader)
  .get("/photos", async (c) => {
    const member = requireMember(c);
    if (member instanceof Response) return member;
    c.header("Cache-Control", "no-store");
    return c.json(await listOwnPhotos(c.var.app, member));
  })
  .post("/photos", async (c) => {
    const member = requireMember(c);
    if (member instanceof Response) return member;
    // The body is already bounded by the upload limit (workers/api/index.ts).
    const type = c.req.header("content-type") ?? "";
    if (!type.startsWith("multipart/form-data")) return validationError(c, uploadSchema.safeParse({}).error!);
    const form = await c.req.formData().catch(() => null);
    const parsed = uploadSchema.safeParse(form ? Object.fromEntries(form) : {});
    if (!parsed.success) return validationError(c, parsed.error);
    const isPrivate = parsed.data.private === "1" || parsed.data.private === "true" || parsed.data.private === "on";
    return answer(c, async () => {
      const bytes = await readUpload(parsed.data.photo);
      return c.json({ photo: await uploadPhoto(c.var.app, member, { bytes, private: isPrivate }) }, 201);
    });
  })
  .patch("/photos/:id{[0-9]+}", async (c) => {
    const member = requireMember(c);
    if (member instanceof Response) return member;
    const parsed = updateSchema.safeParse(await readBody(c));
    if (!parsed.success) return validationError(c, parsed.error);
    const changes = { isPrivate: parsed.data.is_private, main: parsed.data.main };
    return answer(c, async () =>
      c.json({ photo: await updatePhoto(c.var.app, member, Number(c.req.param("id")), changes) }),
    );
  })
  .delete("/photos/:id{[0-9]+}", async (c) => {
    const member = requireMember(c);
    if (member instanceof Response) return member;
    return answer(c, async () => {
      await deletePhoto(c.var.app, member, Number(c.req.param("id")));
      return c.body(null, 204);
    });
  });
