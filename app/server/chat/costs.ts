// What a chat message costs (domain settings): text message_credits, photo
// photo_credits, gift gift_credits; a country's minimum_message_costs raises
// the price of a message there.
import { type SQL, sql } from "drizzle-orm";
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

/**
 * messageCost as SQL over the sender's country, for the send's own batch: the
 * rule above, looked up for each country whose minimum changes the price.
 */
export function messageCostSql(settings: Parameters<typeof messageCost>[0], kind: MessageKind, country: SQL<string>) {
  const anywhere = messageCost(settings, kind, "");
  const raised = Object.keys(settings.minimum_message_costs)
    .map((code) => [code, messageCost(settings, kind, code)] as const)
    .filter(([, cost]) => cost !== anywhere);
  if (!raised.length) return sql<number>`${anywhere}`;
  const cases = sql.join(
    raised.map(([code, cost]) => sql`when ${code} then ${cost}`),
    sql` `,
  );
  return sql<number>`(case ${country} ${cases} else ${anywhere} end)`;
}

/** The newest messages a screen shows; older ones load on request. */
export const HISTORY_PAGE = 50;
/** Free members may hold this many conversations they started. */
export const FREE_CONVERSATIONS = 2;
