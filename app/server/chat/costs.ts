// What a chat message costs (domain settings): text message_credits, photo
// photo_credits, gift gift_credits; a country's minimum_message_costs raises
// the price of a message there. The settings are the sender's own domain's,
// whichever host the message came through (settings/member-settings.ts).
import { eq, type SQL, sql } from "drizzle-orm";
import type { Database } from "#app/server/db/client.ts";
import { users } from "#app/server/db/schema.ts";
import { DomainError } from "#app/server/errors.ts";
import { servedSettings } from "#app/server/settings/resolve.ts";
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

/**
 * The settings that price what a member sends: their own domain's. `domains`
 * keeps what D1 answered (a member's domain never changes), so a room asks
 * once per member. A domain that serves no one any more sends nothing, as a
 * session that ended.
 */
export async function senderSettings(
  app: { db: Database; env: Pick<Env, "SETTINGS"> },
  senderId: number,
  domains: Map<number, string>,
): Promise<SiteSettings> {
  let domain = domains.get(senderId);
  if (domain === undefined) {
    const [row] = await app.db.select({ domain: users.domain }).from(users).where(eq(users.id, senderId));
    domain = row?.domain;
    if (domain !== undefined) domains.set(senderId, domain);
  }
  const settings = domain === undefined ? null : await servedSettings(app.env, domain);
  if (!settings) throw new DomainError("authentication_required");
  return settings;
}
