// /share-image.png: the picture a shared link of this domain shows, drawn
// from its logo and theme (app/server/pwa/share-image.ts). Its address stays
// the same, so it is cached for a day: a new logo shows within one.
import { SHARE_IMAGE } from "#app/components/layout/page-meta.ts";
import { requestContext } from "#app/context.ts";
import { shareImage } from "#app/server/pwa/share-image.ts";
import type { Route } from "./+types/share-image";

export async function loader({ context }: Route.LoaderArgs) {
  const app = context.get(requestContext);
  const png = await shareImage(app, app.settings);
  return new Response(png, { headers: { "Content-Type": SHARE_IMAGE.type, "Cache-Control": "public, max-age=86400" } });
}
