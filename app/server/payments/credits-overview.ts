// What the top of the credits page says before any price: the member's
// balance, what one credit buys on their domain (a message, a photo, a gift:
// the prices chat charges, from chat/costs.ts), and their last paid order to
// buy again in one tap. The premium and pricing pages say the same prices.
import type { RequestContext } from "#app/context.ts";
import type { SessionMember } from "#app/server/accounts/session.ts";
import { messageCost } from "#app/server/chat/costs.ts";
import type { SiteSettings } from "#app/server/settings/schema.ts";
import { repeatableOrders } from "./offers.ts";

type CostSettings = Parameters<typeof messageCost>[0];

/** What a message, a photo and a gift cost a sender in `country`, in credits. */
export function creditValue(settings: CostSettings, country: string) {
  return {
    message: messageCost(settings, "text", country),
    photo: messageCost(settings, "photo", country),
    gift: messageCost(settings, "gift", country),
  };
}

export async function creditsOverview(
  app: Pick<RequestContext, "db" | "env" | "now"> & { settings: SiteSettings },
  member: SessionMember,
) {
  const { orders, discount } = await repeatableOrders(app, member);
  return {
    balance: member.credits,
    creditValue: creditValue(app.settings, member.profile.country),
    lastOrder: orders[0] ?? null,
    discount,
  };
}
