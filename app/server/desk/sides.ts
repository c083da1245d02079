// The two sides of a conversation at the desk: the member, who writes and
// pays, and the fictional profile an operator answers as. A conversation
// between two real members (or two fictional profiles) is not the desk's.
import { eq, inArray } from "drizzle-orm";
import type { Locale } from "#app/i18n/locales.ts";
import type { RoomMeta } from "#app/server/chat/room-meta.ts";
import { roomStub } from "#app/server/chat/sockets.ts";
import { conversations, profiles, users } from "#app/server/db/schema.ts";
import { DomainError } from "#app/server/errors.ts";
import type { OperatorContext } from "#app/server/operators/context.ts";
import { memberMailSite } from "#app/server/operators/member-mail.ts";

export async function deskSides(app: OperatorContext, conversationId: number) {
  if (!Number.isSafeInteger(conversationId) || conversationId < 1) throw new DomainError("conversation_not_found");
  const [conversation] = await app.db
    .select({ low: conversations.memberLow, high: conversations.memberHigh })
    .from(conversations)
    .where(eq(conversations.id, conversationId));
  if (!conversation) throw new DomainError("conversation_not_found");
  const rows = await app.db
    .select({
      id: users.id,
      domain: users.domain,
      language: users.language,
      name: profiles.name,
      fictional: profiles.fictional,
    })
    .from(users)
    .innerJoin(profiles, eq(profiles.userId, users.id))
    .where(inArray(users.id, [conversation.low, conversation.high]));
  const fictional = rows.filter((row) => row.fictional);
  const member = rows.find((row) => !row.fictional);
  if (fictional.length !== 1 || !member) throw new DomainError("desk_not_fictional");
  // What the member reads is in their own language and their domain's name.
  const site = await memberMailSite(app, member);
  const meta: RoomMeta = {
    conversationId,
    members: [conversation.low, conversation.high],
    facts: rows.map((row) => ({ id: row.id, domain: row.domain, fictional: row.fictional })),
  };
  return {
    conversationId,
    member: { ...member, locale: site.locale as Locale },
    fictional: fictional[0]!,
    memberSettings: site.settings,
    meta,
    room: roomStub(app.env, conversationId),
  };
}

export type DeskSides = Awaited<ReturnType<typeof deskSides>>;
