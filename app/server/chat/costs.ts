// What a chat message costs (domain settings): text message_credits, photo
// photo_credits, gift gift_credits; a country's minimum_message_costs raises
// the price of a message there.
import type { SiteSettings } from "#app/server/settings/schema.ts";

export type MessageKind = "text" | "photo" | "gift";

export function messageCost(
  settings: Pick<SiteSettings, "message_credits" | "photo_credits" | "gift_credits" | "minimum_message_costs">,
  kind: MessageKind,
  senderCountry: string,
): number {
  const base =
    kind === "text" ? settings.message_credits : kind === "photo" ? settings.photo_credits : settings.gift_credits;
  const minimum = settings.minimum_message_costs[senderCountry]?.costs ?? 0;
  return Math.max(base, minimum);
}

/** The newest messages a screen shows; older ones load on request. */
export const HISTORY_PAGE = 50;
/** Free members may hold this many conversations they started. */
export const FREE_CONVERSATIONS = 2;
