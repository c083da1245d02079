// Honest chat with a fictional profile, as the Dutch consumer authority (ACM)
// asks of chat sites that run them: a member writes to one only where a chat
// operator answers (the profile's own domain has `desk_staffed`), and before
// the first paid message of a conversation the member confirms once that
// answers come from a staff member, not from the person in the profile.
// Both are judged before the message is charged, so a refusal costs nothing.
// Free messages (the one typed at signup) need no confirmation.
import { and, eq } from "drizzle-orm";
import type { Database } from "#app/server/db/client.ts";
import { operatorNoticeConfirmations, profiles, users } from "#app/server/db/schema.ts";
import { DomainError } from "#app/server/errors.ts";
import { servedSettings } from "#app/server/settings/resolve.ts";
import type { FictionalSend } from "./chat-rules.ts";

interface NoticeContext {
  db: Database;
  env: Env;
  now: () => number;
}

/** Whether the fictional profile's own domain staffs a desk (a domain without settings does not). */
export async function deskStaffedFor(app: Pick<NoticeContext, "db" | "env">, profileId: number): Promise<boolean> {
  const row = await app.db.select({ domain: users.domain }).from(users).where(eq(users.id, profileId)).get();
  if (!row) return false;
  const settings = await servedSettings(app.env, row.domain);
  return settings?.desk_staffed === true;
}

/** Throws fictional_unstaffed for a fictional profile nobody answers now (a real member always passes). */
export async function assertWritable(app: Pick<NoticeContext, "db" | "env">, profileId: number): Promise<void> {
  const profile = await app.db
    .select({ fictional: profiles.fictional })
    .from(profiles)
    .where(eq(profiles.userId, profileId))
    .get();
  if (profile?.fictional === true && !(await deskStaffedFor(app, profileId))) {
    throw new DomainError("fictional_unstaffed");
  }
}

async function confirmed(db: Database, memberId: number, conversationId: number): Promise<boolean> {
  const row = await db
    .select({ at: operatorNoticeConfirmations.confirmedAt })
    .from(operatorNoticeConfirmations)
    .where(
      and(
        eq(operatorNoticeConfirmations.conversationId, conversationId),
        eq(operatorNoticeConfirmations.memberId, memberId),
      ),
    )
    .get();
  return row !== undefined;
}

/** Throws when the member may not send this message to the fictional profile (called before any charge). */
export async function assertOperatorNoticeRules(send: FictionalSend): Promise<void> {
  const { app } = send;
  if (!(await deskStaffedFor(app, send.recipientId))) throw new DomainError("fictional_unstaffed");
  if (send.free) return;
  if (!(await confirmed(app.db, send.senderId, send.conversationId))) {
    throw new DomainError("operator_notice_unconfirmed");
  }
}

/**
 * The member confirms, for one conversation they are in, that a staff member
 * answers. Idempotent: confirming again keeps the first moment. A
 * conversation with a real member has nothing to confirm and stores nothing.
 */
export async function confirmOperatorNotice(
  app: NoticeContext,
  conversation: { conversationId: number; memberId: number; otherId: number },
): Promise<void> {
  const other = await app.db
    .select({ fictional: profiles.fictional })
    .from(profiles)
    .where(eq(profiles.userId, conversation.otherId))
    .get();
  if (other?.fictional !== true) return;
  await app.db
    .insert(operatorNoticeConfirmations)
    .values({
      conversationId: conversation.conversationId,
      memberId: conversation.memberId,
      confirmedAt: app.now(),
    })
    .onConflictDoNothing();
}

/** What the chat screen needs for a conversation with a fictional profile: may the member write, did they confirm. */
export async function operatorNoticeState(
  app: Pick<NoticeContext, "db" | "env">,
  conversation: { conversationId: number; memberId: number; otherId: number },
): Promise<{ staffed: boolean; confirmed: boolean }> {
  const [staffed, done] = await Promise.all([
    deskStaffedFor(app, conversation.otherId),
    confirmed(app.db, conversation.memberId, conversation.conversationId),
  ]);
  return { staffed, confirmed: done };
}
