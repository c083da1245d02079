// Photos sent in a conversation: checked and re-encoded like profile photos
// (EXIF gone), stored under the conversation, and served only to its members.
// A file goes to R2 before any message is sent or paid for, so a member puts
// at most 50 there a UTC day: far more than a day of chatting sends, and the
// `upload` rate limit (20 a minute) alone would let one account store
// thousands. The day's use is taken after the file's header passes and before
// it is decoded and stored, and given back when it is not stored after all.
// A stored file is on record as unclaimed (photos/unclaimed.ts) until the
// message that sends it is recorded, in the same batch; one never sent (the
// member left, the send was refused) is removed by the hourly job. The record
// must still be there for the message to be sent, so a photo is sent within
// 10 minutes of its upload, before that job may take it (photo-claims.ts).
import type { RequestContext } from "#app/context.ts";
import { randomToken } from "#app/server/accounts/tokens.ts";
import { DomainError } from "#app/server/errors.ts";
import { giveBackDailyUse, takeDailyUse } from "#app/server/limits/daily-counts.ts";
import { inspectUpload } from "#app/server/photos/limits.ts";
import { processPhoto } from "#app/server/photos/process.ts";
import { recordUnclaimed, settleFiles } from "#app/server/photos/unclaimed.ts";

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
    await recordUnclaimed(app.db, [key], app.now());
    try {
      await app.env.PHOTOS.put(key, processed.full, { httpMetadata: { contentType: "image/jpeg" } });
    } catch (error) {
      // Whatever R2 kept leaves again, and the record with it (or, should that fail, with the hourly job).
      await settleFiles(app, [key]).catch(() => 0);
      throw error;
    }
    return key;
  } catch (error) {
    await giveBackDailyUse(app, use);
    throw error;
  }
}
