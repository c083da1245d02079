// A gift costs the same wherever it is sent, from a profile or in a chat: the
// domain's gift_credits, raised to the sender's country's minimum message
// cost (minimum_message_costs). What the profile's gift menu shows is what
// either door charges.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { findSessionMember, startSession } from "#app/server/accounts/session.ts";
import { startConversation } from "#app/server/chat/conversations.ts";
import { recordMessage } from "#app/server/chat/send-message.ts";
import { gifts, sentGifts } from "#app/server/db/schema.ts";
import { giftMenu, sendGift } from "#app/server/likes/gifts.ts";
import { appContext, db, givenAccount, givenCredits, NOW, walletLedgerSum, walletOfMember } from "./fixtures.ts";

async function sessionMember(id: number) {
  const { token, statement } = await startSession(db, { userId: id, now: NOW });
  await statement;
  return (await findSessionMember(db, token, NOW))!;
}

describe("the price of a gift", () => {
  it("is the same from a profile and in a chat, raised to the sender's country's minimum", async () => {
    const app = appContext({
      gift_credits: 5,
      minimum_message_costs: { BE: { costs: 8, currency: "EUR" }, NL: { costs: 1, currency: "EUR" } },
    });
    const ann = await givenAccount({ name: "Ann", country: "BE" });
    const bob = await givenAccount({ name: "Bob", gender: "male" });
    await givenCredits(ann, 30);
    const [rose] = await db.insert(gifts).values({ slug: "rose", icon: "Flower2", position: 0 }).returning();

    expect((await giftMenu(app, await sessionMember(ann))).cost).toBe(8);

    const fromProfile = await sendGift(app, ann, { recipientId: bob, giftId: rose!.id, requestId: "profile-1" });
    expect(fromProfile).toMatchObject({ sent: true, cost: 8 });
    const [row] = await db.select().from(sentGifts).where(eq(sentGifts.senderId, ann));
    expect(row!.credits).toBe(8);

    const conversationId = await startConversation(app, { id: ann, paidUser: true }, bob);
    const inChat = await recordMessage(app, {
      conversationId,
      senderId: ann,
      recipientId: bob,
      seq: 1,
      clientId: "chat-gift-1",
      kind: "gift",
      preview: "rose",
    });
    expect(inChat.cost).toBe(fromProfile.cost);
    expect((await walletOfMember(ann)).balance).toBe(30 - 8 - 8);
    expect(await walletLedgerSum(ann)).toBe(30 - 8 - 8);
  });

  it("is the domain's gift_credits where the sender's country has no higher minimum", async () => {
    const app = appContext({ gift_credits: 5, minimum_message_costs: { BE: { costs: 8, currency: "EUR" } } });
    const ann = await givenAccount({ country: "NL" });
    const bob = await givenAccount({ gender: "male" });
    await givenCredits(ann, 10);
    const [rose] = await db.insert(gifts).values({ slug: "rose", icon: "Flower2", position: 0 }).returning();
    expect((await giftMenu(app, await sessionMember(ann))).cost).toBe(5);
    expect(await sendGift(app, ann, { recipientId: bob, giftId: rose!.id, requestId: "r" })).toMatchObject({
      cost: 5,
    });
  });
});
