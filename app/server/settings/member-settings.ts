// Which host may serve a logged-in member, and with which settings. A member
// belongs to the domain they signed up on (users.domain). That domain and the
// company's other domains (same company_id) serve them; there the host's site
// shows (its name, look, texts and features) with the member's own domain's
// terms: what they pay and what they may do. Another company's domain does not
// serve them at all. The Worker asks this once per request, where it finds the
// session (workers/server.ts), and login asks it before a password is checked.
import { servedSettings } from "./resolve.ts";
import type { SiteSettings } from "./schema.ts";

/** The settings that are a member's terms: their own domain's, on every domain that serves them. */
const memberTerms = [
  // Whose credit packages they buy, and the domain their payments are booked under.
  "domain",
  "message_credits",
  "photo_credits",
  "gift_credits",
  "minimum_message_costs",
  "message_length",
  "payment_methods",
  "refund_days",
  "swipe_likes_per_day",
  "photo_moderation",
] as const satisfies readonly (keyof SiteSettings)[];

type Host = { env: Pick<Env, "SETTINGS">; domain: string; settings: SiteSettings };

/**
 * The settings a member is served with on this host: the host's own settings
 * with the member's domain's terms, or null when this host may not serve them
 * (a domain of another company, or their own domain serves no one any more).
 */
export async function memberSettings(host: Host, member: { domain: string }): Promise<SiteSettings | null> {
  if (member.domain === host.domain) return host.settings;
  const own = await servedSettings(host.env, member.domain);
  if (!own || own.company_id !== host.settings.company_id) return null;
  return { ...host.settings, ...Object.fromEntries(memberTerms.map((key) => [key, own[key]])) };
}
