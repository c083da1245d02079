// Worker entry: Hono for /api/* and /media/*, React Router for every page.
import { createRequestHandler, RouterContextProvider } from "react-router";
import { requestContext } from "#app/context.ts";
import { scheduled } from "./scheduled.ts";
import { createServer } from "./server.ts";

// Handed a function, React Router derives its route tables from the build
// (every route flattened and ranked) on each request, so that dev picks up
// edits; a production isolate derives them once, on its first page.
const serverBuild = () => import("virtual:react-router/server-build");
type UiRequestHandler = ReturnType<typeof createRequestHandler>;
// The handler is kept, not the promise of it: a request never waits on a
// promise another request started (workerd cancels such a request as hung).
let derived: UiRequestHandler | undefined;
const handleUi: UiRequestHandler = import.meta.env.DEV
  ? createRequestHandler(serverBuild, import.meta.env.MODE)
  : async (request, context) => {
      const build = derived ? null : await serverBuild();
      derived ??= createRequestHandler(build!, import.meta.env.MODE);
      return derived(request, context);
    };

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
export { MemberWallet } from "./durable-objects/member-wallet.ts";
export { TimeBonus } from "./durable-objects/time-bonus.ts";
