// /offline: the page the service worker stores at install and shows when a
// page cannot be loaded for lack of network: friendly, in the member's
// language, and complete in itself (no scripts, no other files).
import { requestContext } from "#app/context.ts";
import { offlinePage } from "#app/server/pwa/offline-page.tsx";
import type { Route } from "./+types/offline";

export function loader({ context }: Route.LoaderArgs) {
  const app = context.get(requestContext);
  return new Response(offlinePage(app.settings, app.locale), {
    headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-cache", "X-Robots-Tag": "noindex" },
  });
}
