// /app-icon/{file}: the installed app's icons, drawn from the domain's logo in
// its theme colour (app/server/pwa/icons.ts). Their URLs carry a version, so
// they may be cached for long.
import { data } from "react-router";
import { requestContext } from "#app/context.ts";
import { appIcon } from "#app/server/pwa/app-shell.ts";
import { type IconFile, iconFiles } from "#app/server/pwa/icons.ts";
import type { Route } from "./+types/app-icon";

export async function loader({ params, context }: Route.LoaderArgs) {
  const app = context.get(requestContext);
  if (!(params.file in iconFiles)) throw data(null, { status: 404 });
  const png = await appIcon(app, app.settings, params.file as IconFile);
  return new Response(png, {
    headers: { "Content-Type": "image/png", "Cache-Control": "public, max-age=604800" },
  });
}
