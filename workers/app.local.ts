// The Worker entry of local builds (dev, tests, DEV_ROUTES=1): the production
// entry plus the chat benchmark's baseline relay, which production never has.
export * from "./app.ts";
export { default } from "./app.ts";
export { EchoRoom } from "./durable-objects/echo-room.ts";
