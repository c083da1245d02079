// /dev/push/{token}: the local push service (app/server/push/local-service.ts)
// over HTTP. POST is what a push service receives; GET lists what arrived for
// that subscription, still encrypted, for developers and end-to-end tests.
// Registered only in non-production builds; a developer door, which the page
// gate refuses in production as well.
import { requestContext } from "#app/context.ts";
import { localPushes, receiveLocalPush } from "#app/server/push/local-service.ts";
import type { Route } from "./+types/dev-push";

export async function loader({ params, context }: Route.LoaderArgs) {
  const app = context.get(requestContext);
  return Response.json(
    { messages: await localPushes(app.db, params.token) },
    { headers: { "Cache-Control": "no-store" } },
  );
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const app = context.get(requestContext);
  return receiveLocalPush(app, params.token, request);
}
