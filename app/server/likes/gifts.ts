// Gifts: sent from a profile, paid through the ledger in the same transaction
// as the gift itself; blocked members cannot send each other gifts. The
// client's request id makes a retry charge once. A gift costs what a gift in
// the chat costs (chat/costs.ts): gift_credits, raised to the minimum of the
// sender's country.
import { asc, desc, eq, sql } from "drizzle-orm";
import type { RequestContext } from "#app/context.ts";
import { messageCost } from "#app/server/chat/costs.ts";
import { charge } from "#app/server/credits/ledger.ts";
import { creditLedger, gifts, profiles, sentGifts } from "#app/server/db/schema.ts";
import { DomainError } from "#app/server/errors.ts";
import { assertNotBlocked } from "#app/server/members/blocks.ts";

type GiftsContext = Pick<RequestContext, "db" | "settings" | "now">;

export function listGifts(app: Pick<RequestContext, "db">) {
  return app.db.select().from(gifts).orderBy(asc(gifts.position));
}

/** What a gift costs the sender: the price the profile shows is the price sendGift charges, as in the chat. */
const giftCost = (settings: GiftsContext["settings"], senderCountry: string) =>
  messageCost(settings, "gift", senderCountry);

/** The gift menu of a profile page: the gifts, their price and what the member holds. */
export async function giftMenu(app: GiftsContext, member: { credits: number; profile: { country: string } }) {
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
  const idempotencyKey = `gift:${senderId}:${input.requestId}`;
  const now = app.now();
  const result = await charge(
    app.db,
    { userId: senderId, cost, reason: "gift", idempotencyKey, now, note: `${gift.slug} to ${input.recipientId}` },
    [
      // The gift row exists only where its charge does.
      app.db.insert(sentGifts).select(
        app.db
          .select({
            id: sql<number>`null`.as("id"),
            senderId: sql<number>`${senderId}`.as("sender_id"),
            recipientId: sql<number>`${input.recipientId}`.as("recipient_id"),
            giftId: sql<number>`${gift.id}`.as("gift_id"),
            credits: sql<number>`${cost}`.as("credits"),
            idempotencyKey: creditLedger.idempotencyKey,
            createdAt: sql<number>`${now}`.as("created_at"),
          })
          .from(creditLedger)
          .where(eq(creditLedger.idempotencyKey, idempotencyKey)),
      ),
    ],
  );
  return { sent: result.outcome === "charged", already: result.outcome === "already", gift: gift.slug, cost };
}

export async function receivedGifts(app: Pick<RequestContext, "db">, memberId: number) {
  return app.db
    .select({ slug: gifts.slug, icon: gifts.icon, from: sentGifts.senderId, at: sentGifts.createdAt })
    .from(sentGifts)
    .innerJoin(gifts, eq(gifts.id, sentGifts.giftId))
    .where(eq(sentGifts.recipientId, memberId))
    .orderBy(desc(sentGifts.createdAt))
    .limit(50);
}
