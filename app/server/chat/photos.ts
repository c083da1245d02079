// Photos sent in a conversation: checked and re-encoded like profile photos
// (EXIF gone), stored under the conversation, and served only to its members.
import type { RequestContext } from "#app/context.ts";
import { randomToken } from "#app/server/accounts/tokens.ts";
import { inspectUpload } from "#app/server/photos/limits.ts";
import { processPhoto } from "#app/server/photos/process.ts";

export async function storeChatPhoto(app: Pick<RequestContext, "env">, conversationId: number, bytes: Uint8Array) {
  const info = inspectUpload(bytes);
  const processed = processPhoto(bytes, info);
  const key = `c/${conversationId}/${randomToken(12)}.jpg`;
  await app.env.PHOTOS.put(key, processed.full, { httpMetadata: { contentType: "image/jpeg" } });
  return key;
}
