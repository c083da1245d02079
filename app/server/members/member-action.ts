// The profile screen's actions in one place, for the route and any API alike.
import type { z } from "zod";
import type { RequestContext } from "#app/context.ts";
import type { memberActionSchema } from "#app/schemas/member-actions.ts";
import type { SessionMember } from "#app/server/accounts/session.ts";
import { sendGift } from "#app/server/likes/gifts.ts";
import { likeMember, unlikeMember } from "#app/server/likes/likes.ts";
import { blockMember, unblockMember } from "./blocks.ts";

export async function actOnMember(
  app: Pick<RequestContext, "db" | "env" | "settings" | "now">,
  member: SessionMember,
  targetId: number,
  action: z.output<typeof memberActionSchema>,
) {
  switch (action.intent) {
    case "like":
      return { intent: action.intent, ...(await likeMember(app, member, targetId, "profile")) };
    case "unlike":
      await unlikeMember(app, member.id, targetId);
      return { intent: action.intent };
    case "block":
      await blockMember(app, member.id, targetId);
      return { intent: action.intent };
    case "unblock":
      await unblockMember(app, member.id, targetId);
      return { intent: action.intent };
    case "gift":
      return {
        intent: action.intent,
        ...(await sendGift(app, member.id, { recipientId: targetId, giftId: action.gift, requestId: action.request })),
      };
  }
}
