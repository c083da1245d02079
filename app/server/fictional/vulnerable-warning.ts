// The plain warning a member who may be vulnerable reads in their chats with
// fictional profiles: a staff member of the site answers, not the person in
// the profile; meeting is not possible; who to talk to when they do not feel
// well. The conversation's room stores it as a notice (free, never unread,
// kept in the history) once per signal and conversation, in the member's own
// language and with their own site's name.
import { and, desc, eq, ne } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import { translator } from "#app/i18n/i18next.server.ts";
import { roomStub } from "#app/server/chat/sockets.ts";
import type { Database } from "#app/server/db/client.ts";
import { conversationParticipants, profiles, users } from "#app/server/db/schema.ts";
import { memberMailSite } from "#app/server/operators/member-mail.ts";

export interface WarningContext {
  db: Database;
  env: Env;
  now: () => number;
}

/** Conversations warned at once when a signal comes up: the member's most recent ones with fictional profiles. */
const WARNED_AT_ONCE = 20;

/** The key that makes one warning per signal and conversation. */
const warningKey = (signalId: number) => `vulnerable:${signalId}`;

/** The member's conversations with fictional profiles, most recent first, with the profile on the other side. */
async function fictionalConversations(db: Database, memberId: number) {
  const other = alias(conversationParticipants, "other");
  return db
    .select({ conversationId: conversationParticipants.conversationId, otherId: other.userId })
    .from(conversationParticipants)
    .innerJoin(
      other,
      and(eq(other.conversationId, conversationParticipants.conversationId), ne(other.userId, memberId)),
    )
    .innerJoin(profiles, and(eq(profiles.userId, other.userId), eq(profiles.fictional, true)))
    .where(eq(conversationParticipants.userId, memberId))
    .orderBy(desc(conversationParticipants.lastMessageAt))
    .limit(WARNED_AT_ONCE);
}

/** The warning's text in the member's language, naming their own site. */
async function warningText(app: WarningContext, memberId: number) {
  const [member] = await app.db
    .select({ domain: users.domain, language: users.language })
    .from(users)
    .where(eq(users.id, memberId));
  if (!member) return null;
  const site = await memberMailSite(app, member);
  return translator(site.locale)("chat:vulnerableWarning.text", { site: site.settings.name });
}

/**
 * Puts the warning of a signal in the member's conversations with fictional
 * profiles (`only` one of them, else the most recent ones). Idempotent: a
 * conversation warned for this signal is not warned again.
 */
export async function warnInConversations(
  app: WarningContext,
  input: { memberId: number; signalId: number; only?: { conversationId: number; otherId: number } },
) {
  const text = await warningText(app, input.memberId);
  if (text === null) return 0;
  const conversations = input.only ? [input.only] : await fictionalConversations(app.db, input.memberId);
  let warned = 0;
  for (const { conversationId, otherId } of conversations) {
    const meta = { conversationId, members: [input.memberId, otherId] as [number, number] };
    if (await roomStub(app.env, conversationId).notice(meta, { key: warningKey(input.signalId), text })) warned++;
  }
  return warned;
}
