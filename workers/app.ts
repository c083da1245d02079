// Worker entry: Hono for /api/* and /media/*, React Router for every page.
import { createRequestHandler, RouterContextProvider } from "react-router";
import { requestContext } from "#app/context.ts";
import { scheduled } from "./scheduled.ts";
import { createServer } from "./server.ts";

const handleUi = createRequestHandler(() => import("virtual:react-router/server-build"), import.meta.env.MODE);

const server = createServer((request, app) => {
  const context = new RouterContextProvider();
  context.set(requestContext, app);
  return handleUi(request, context);
});

export default {
  fetch: server.fetch,
  scheduled,
} satisfies ExportedHandler<Env>;

export { ConversationRoom } from "./durable-objects/conversation-room.ts";
export { MemberSignal } from "./durable-objects/member-signal.ts";
export { TimeBonus } from "./durable-objects/time-bonus.ts";
