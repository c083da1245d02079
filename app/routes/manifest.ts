// /manifest.webmanifest: the domain's web app manifest, so members
// can install the site as an app. Browsers fetch it without cookies, so its
// language follows Accept-Language.
import { requestContext } from "#app/context.ts";
import { webManifest } from "#app/server/pwa/app-shell.ts";
import type { Route } from "./+types/manifest";

export function loader({ context }: Route.LoaderArgs) {
  const app = context.get(requestContext);
  return new Response(JSON.stringify(webManifest(app.settings, app.locale)), {
    headers: {
      "Content-Type": "application/manifest+json; charset=utf-8",
      "Cache-Control": "public, max-age=600",
      Vary: "Accept-Language",
    },
  });
}
