// /admin/photos/:id/:variant: any member photo's file for operators (pending,
// private and rejected ones included), never cached and never public.
import { data } from "react-router";
import { requireOperator } from "#app/routing/guards.server.ts";
import { parseId } from "#app/routing/params.ts";
import { operatorPhotoFile } from "#app/server/photos/moderation.ts";
import type { Route } from "./+types/admin-photos-file";

export async function loader({ params, context }: Route.LoaderArgs) {
  const app = requireOperator(context, "members.view");
  const variant = params.variant === "full" ? "full" : params.variant === "thumb" ? "thumb" : null;
  const id = parseId(params.id);
  const key = variant && id !== null ? await operatorPhotoFile(app, id, variant) : null;
  const object = key ? await app.env.PHOTOS.get(key) : null;
  if (!object) throw data(null, { status: 404 });
  return new Response(object.body, {
    headers: {
      "Content-Type": object.httpMetadata?.contentType ?? "application/octet-stream",
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
