// Photos sent in a conversation: checked and re-encoded like profile photos
// (EXIF gone), stored under the conversation, and served only to its members.
// A file goes to R2 before any message is sent or paid for, so a member puts
// at most 50 there a UTC day: far more than a day of chatting sends, and the
// `upload` rate limit (20 a minute) alone would let one account store
// thousands. The day's use is taken after the file's header passes and before
// it is decoded and stored, and given back when it is not stored after all.
import type { RequestContext } from "#app/context.ts";
import { randomToken } from "#app/server/accounts/tokens.ts";
import { DomainError } from "#app/server/errors.ts";
import { giveBackDailyUse, takeDailyUse } from "#app/server/limits/daily-counts.ts";
import { inspectUpload } from "#app/server/photos/limits.ts";
import { processPhoto } from "#app/server/photos/process.ts";

/** Chat photos a member may put in R2 a UTC day. */
const CHAT_PHOTOS_PER_DAY = 50;

export async function storeChatPhoto(
  app: Pick<RequestContext, "env" | "db" | "now">,
  memberId: number,
  conversationId: number,
  bytes: Uint8Array,
) {
  const info = inspectUpload(bytes);
  const use = { scope: "chat_photo_member", key: String(memberId) } as const;
  if (!(await takeDailyUse(app, { ...use, limit: CHAT_PHOTOS_PER_DAY }))) throw new DomainError("chat_photo_limit");
  try {
    const processed = processPhoto(bytes, info);
    const key = `c/${conversationId}/${randomToken(12)}.jpg`;
    await app.env.PHOTOS.put(key, processed.full, { httpMetadata: { contentType: "image/jpeg" } });
    return key;
  } catch (error) {
    await giveBackDailyUse(app, use);
    throw error;
  }
}
