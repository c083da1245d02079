// The Worker as the integration tests see it: the real Hono server and Durable
// Objects. React Router's server build exists only under its Vite plugin, so
// pages are tested end to end (Playwright) and through their domain functions.
import { scheduled } from "#workers/scheduled.ts";
import { createServer } from "#workers/server.ts";

const server = createServer(async () => new Response("pages are not served in integration tests", { status: 501 }));

export default { fetch: server.fetch, scheduled } satisfies ExportedHandler<Env>;
export { ConversationRoom } from "#workers/durable-objects/conversation-room.ts";
export { EchoRoom } from "#workers/durable-objects/echo-room.ts";
export { TimeBonus } from "#workers/durable-objects/time-bonus.ts";
