// Gifts: sent from a profile, paid from the sender's wallet; blocked members
// cannot send each other gifts. One D1 batch records the charge
// (credits/movements.ts) and the gift row, which exists only where the record
// does; the wallet then decides. A charge it refuses takes the row away again,
// and until it has said "booked" the row shows nowhere (shownGift), so a crash
// between the two shows no unpaid gift: the minute job's replay decides it. The
// client's request id makes a retry charge once. A gift costs what a gift in
// the chat costs (chat/costs.ts): gift_credits, raised to the minimum of the
// sender's country; a free gift (a domain's gift_credits of 0) records nothing.
import { and, asc, desc, eq, or, sql } from "drizzle-orm";
import type { RequestContext } from "#app/context.ts";
import { messageCost } from "#app/server/chat/costs.ts";
import { applyNow, isDuplicateBooking, recordCharge } from "#app/server/credits/movements.ts";
import type { Database } from "#app/server/db/client.ts";
import { creditLedger, gifts, profiles, sentGifts } from "#app/server/db/schema.ts";
import { DomainError } from "#app/server/errors.ts";
import { assertNotBlocked } from "#app/server/members/blocks.ts";

type GiftsContext = Pick<RequestContext, "db" | "env" | "settings" | "now">;

export function listGifts(app: Pick<RequestContext, "db">) {
  return app.db.select().from(gifts).orderBy(asc(gifts.position));
}

/** What a gift costs the sender: the price the profile shows is the price sendGift charges, as in the chat. */
const giftCost = (settings: GiftsContext["settings"], senderCountry: string) =>
  messageCost(settings, "gift", senderCountry);

/** The gift menu of a profile page: the gifts, their price and what the member holds (the session's copy). */
export async function giftMenu(
  app: Pick<GiftsContext, "db" | "settings">,
  member: { credits: number; profile: { country: string } },
) {
  return { list: await listGifts(app), cost: giftCost(app.settings, member.profile.country), credits: member.credits };
}

export async function sendGift(
  app: GiftsContext,
  senderId: number,
  input: { recipientId: number; giftId: number; requestId: string },
) {
  if (senderId === input.recipientId) throw new DomainError("not_yourself");
  const [[gift], [recipient], [sender]] = await app.db.batch([
    app.db.select().from(gifts).where(eq(gifts.id, input.giftId)),
    app.db
      .select({ id: profiles.userId, searchable: profiles.searchable })
      .from(profiles)
      .where(eq(profiles.userId, input.recipientId)),
    app.db.select({ country: profiles.country }).from(profiles).where(eq(profiles.userId, senderId)),
  ]);
  if (!gift) throw new DomainError("gift_not_found");
  if (recipient?.searchable !== 1) throw new DomainError("member_not_found");
  await assertNotBlocked(app.db, senderId, input.recipientId);

  const cost = giftCost(app.settings, sender?.country ?? "");
  const key = `gift:${senderId}:${input.requestId}`;
  const now = app.now();
  const row = {
    senderId,
    recipientId: input.recipientId,
    giftId: gift.id,
    credits: cost,
    idempotencyKey: key,
    createdAt: now,
  };
  let already = false;
  try {
    if (cost <= 0) await app.db.insert(sentGifts).values(row);
    else
      await app.db.batch([
        recordCharge(app.db, {
          userId: senderId,
          amount: cost,
          reason: "gift",
          idempotencyKey: key,
          now,
          note: `${gift.slug} to ${input.recipientId}`,
        }),
        paidGiftRow(app.db, row),
      ]);
  } catch (error) {
    if (!isDuplicateBooking(error)) throw error;
    // A retry: its first attempt's record decides, as below.
    already = true;
  }
  if (cost > 0) await settleCharge(app, senderId, key);
  return { sent: !already, already, gift: gift.slug, cost };
}

/** The gift row, selected from its charge's record: written only where the record is. */
function paidGiftRow(db: Database, row: typeof sentGifts.$inferInsert & { idempotencyKey: string }) {
  return db.insert(sentGifts).select(
    db
      .select({
        id: sql<number>`null`.as("id"),
        senderId: sql<number>`${row.senderId}`.as("sender_id"),
        recipientId: sql<number>`${row.recipientId}`.as("recipient_id"),
        giftId: sql<number>`${row.giftId}`.as("gift_id"),
        credits: sql<number>`${row.credits}`.as("credits"),
        idempotencyKey: sql<string>`${row.idempotencyKey}`.as("idempotency_key"),
        createdAt: sql<number>`${row.createdAt}`.as("created_at"),
      })
      .from(creditLedger)
      .where(eq(creditLedger.idempotencyKey, row.idempotencyKey)),
  );
}

/**
 * The wallet's word on a gift's charge: booked, the gift stands; refused, its
 * row goes and the sender hears insufficient_credits (again on a retry: the
 * answer is final). A wallet that has not answered leaves the record to the
 * replay and the row hidden; the sender may try again with the same request.
 */
async function settleCharge(app: GiftsContext, senderId: number, key: string) {
  const applied = await applyNow(app, senderId);
  const outcome = applied?.outcomes.get(key)?.outcome ?? (await recordedOutcome(app.db, key));
  if (outcome === "booked") return;
  if (outcome === null) throw new DomainError("retry");
  await app.db.delete(sentGifts).where(eq(sentGifts.idempotencyKey, key));
  throw new DomainError("insufficient_credits");
}

async function recordedOutcome(db: Database, key: string) {
  const [row] = await db
    .select({ outcome: creditLedger.outcome })
    .from(creditLedger)
    .where(eq(creditLedger.idempotencyKey, key));
  return row?.outcome ?? null;
}

/** A gift that shows: free, or its charge booked by the wallet (read with creditLedger left-joined on the key). */
const shownGift = or(eq(sentGifts.credits, 0), eq(creditLedger.outcome, "booked"));

export async function receivedGifts(app: Pick<RequestContext, "db">, memberId: number) {
  return app.db
    .select({ slug: gifts.slug, icon: gifts.icon, from: sentGifts.senderId, at: sentGifts.createdAt })
    .from(sentGifts)
    .innerJoin(gifts, eq(gifts.id, sentGifts.giftId))
    .leftJoin(creditLedger, eq(creditLedger.idempotencyKey, sentGifts.idempotencyKey))
    .where(and(eq(sentGifts.recipientId, memberId), shownGift))
    .orderBy(desc(sentGifts.createdAt))
    .limit(50);
}
