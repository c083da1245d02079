// Erasure (GDPR art. 17): a member's personal data leaves every
// store: Durable Objects (their conversations, both sides, their wallet and
// their time bonus), R2 (profile and chat photos) and D1 (the user row and
// all that cascades from it, plus rows that only carry their address: mails,
// texts, sign-in attempts, complaints; and notifications to others that name
// them).
// The audit trail keeps who did what to which id, but the personal values it
// recorded are blanked. KV holds no member data. At the payment provider their
// customer is deleted and its mandates revoked (provider-erasure.ts): put on
// record first, a record that outlives the member until the provider confirms.
//
// The wallet is emptied after the rooms (no room charges it any more) and
// refuses every movement from then on, so a purchase applied while the rest
// of the erasure runs, or replayed later, books nothing; emptied again, it
// finds nothing to remove.
//
// The stores outside D1 go first and the user row last, in one batch with the
// rest of D1: as long as the row is there the erasure is still due (the
// hourly purge picks every account deleted and past its window, also one a
// signup began erasing), and every step repeats harmlessly, so a run cut
// short anywhere is finished by the next.
import { and, eq, inArray, or, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { RequestContext } from "#app/context.ts";
import { roomStub } from "#app/server/chat/sockets.ts";
import { crashPoint } from "#app/server/crash-points.ts";
import { walletOf } from "#app/server/credits/wallet.ts";
import {
  auditLog,
  complaints,
  conversationParticipants,
  directDebitMandates,
  emailTokens,
  loginAttempts,
  mailOutbox,
  photos,
  smsOutbox,
  users,
} from "#app/server/db/schema.ts";
import { timeBonusRoom } from "#app/server/payments/discounts.ts";
import { eraseAtProvider, recordProviderErasures } from "./provider-erasure.ts";

type ErasureContext = Pick<RequestContext, "db" | "env"> & Partial<Pick<RequestContext, "log" | "now">>;

export async function eraseMember(app: ErasureContext, memberId: number) {
  const { db, env } = app;
  const [user] = await db.select({ email: users.email }).from(users).where(eq(users.id, memberId));
  if (!user) return { erased: false as const };
  const [photoRows, conversations, mandates, tokens] = await Promise.all([
    db
      .select({ filename: photos.filename, thumb: photos.thumbFilename })
      .from(photos)
      .where(eq(photos.userId, memberId)),
    db
      .select({ id: conversationParticipants.conversationId })
      .from(conversationParticipants)
      .where(eq(conversationParticipants.userId, memberId)),
    db
      .select({ mobile: directDebitMandates.mobile })
      .from(directDebitMandates)
      .where(eq(directDebitMandates.userId, memberId)),
    db.select({ newEmail: emailTokens.newEmail }).from(emailTokens).where(eq(emailTokens.userId, memberId)),
  ]);
  const addresses = [...new Set([user.email, ...tokens.flatMap((t) => (t.newEmail ? [t.newEmail] : []))])];
  const mobiles = [...new Set(mandates.map((m) => m.mobile))];

  // The provider's customers first on record (kept past the member), then asked to go: one the
  // provider does not delete now is left to the hourly job, and the erasure goes on.
  const customers = await recordProviderErasures(db, memberId, app.now?.() ?? Date.now());
  crashPoint("erasure:provider-recorded");
  for (const customer of customers) await eraseAtProvider(app, customer);

  // Outside D1 first, each step safe to repeat: if this stops halfway, the user row is still
  // there (deleted, past its window) and the next hourly run does it all again and finishes.
  for (const { id } of conversations) await roomStub(env, id).erase();
  crashPoint("erasure:rooms-erased");
  await walletOf(env, memberId).erase({ now: app.now?.() ?? Date.now() });
  for (const { id } of conversations) await deletePrefix(env.PHOTOS, `c/${id}/`);
  const keys = [...new Set(photoRows.flatMap((f) => [f.filename, f.thumb]))];
  for (let i = 0; i < keys.length; i += 1000) await env.PHOTOS.delete(keys.slice(i, i + 1000));
  // Files of an upload that never got its row (or is under way now) are under the member's prefix too.
  await deletePrefix(env.PHOTOS, `u/${memberId}/`);
  crashPoint("erasure:files-deleted");
  await timeBonusRoom(env, memberId).clear();

  const statements: [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]] = [
    db.delete(mailOutbox).where(
      or(
        inArray(mailOutbox.to, addresses),
        // Notifications to others that name them link to their profile or to a chat with them.
        ...[`/members/${memberId}"`, `/likes/m/${memberId}"`, ...conversations.map(({ id }) => `/chats/${id}"`)].map(
          (link) => sql`instr(${mailOutbox.html}, ${link}) > 0`,
        ),
      ),
    ),
    db.delete(loginAttempts).where(
      inArray(
        loginAttempts.subject,
        addresses.map((a) => a.toLowerCase()),
      ),
    ),
    db.delete(complaints).where(or(eq(complaints.userId, memberId), inArray(complaints.email, addresses))),
    db
      .update(auditLog)
      .set({ before: sql`null`, after: sql`null` })
      .where(
        or(
          and(eq(auditLog.targetType, "member"), eq(auditLog.targetId, String(memberId))),
          // Other records about them (a complaint they wrote, a payment) name them by address.
          ...addresses.map((a) => sql`instr(${auditLog.before}, ${a}) > 0 or instr(${auditLog.after}, ${a}) > 0`),
        ),
      ),
    // Profile, photos, likes, conversations, payments, credit records, sessions… cascade.
    db.delete(users).where(eq(users.id, memberId)),
  ];
  if (mobiles.length) statements.push(db.delete(smsOutbox).where(inArray(smsOutbox.to, mobiles)));
  await db.batch(statements);
  return { erased: true as const, conversations: conversations.length, photos: keys.length };
}

async function deletePrefix(bucket: R2Bucket, prefix: string) {
  let cursor: string | undefined;
  do {
    const page = await bucket.list({ prefix, cursor });
    if (page.objects.length) await bucket.delete(page.objects.map((o) => o.key));
    cursor = page.truncated ? page.cursor : undefined;
  } while (cursor);
}
