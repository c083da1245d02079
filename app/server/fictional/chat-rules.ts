// The rules on messages to a fictional profile, asked by the room before a
// member's message is charged and after it is delivered. A fictional profile
// is answered by a chat operator (the desk), so a member may only write to one
// where the domain staffs a desk, only after confirming once per conversation
// that answers come from an operator, and, while they may be vulnerable, only
// a few paid messages a day. What the member wrote is read afterwards for
// words of distress. Messages from a fictional profile (the desk's answers)
// and between real members pass untouched.
import { inArray } from "drizzle-orm";
import type { OutgoingMessage } from "#app/schemas/chat.ts";
import type { Database } from "#app/server/db/client.ts";
import { profiles } from "#app/server/db/schema.ts";
import type { SiteSettings } from "#app/server/settings/schema.ts";
import { assertOperatorNoticeRules } from "./operator-notice.ts";
import { assertVulnerableCap, readForDistress } from "./vulnerable.ts";

export interface FictionalSend {
  app: { db: Database; env: Env; settings: SiteSettings; now: () => number };
  conversationId: number;
  senderId: number;
  recipientId: number;
  message: OutgoingMessage;
  /** Costs nothing (the message typed at signup): not a paid message. */
  free: boolean;
  /** The room's memory of which members are fictional. */
  known: KnownProfiles;
}

/**
 * Which members are fictional profiles, as far as a room has read them: a
 * profile is made fictional when it is created, so a room asks D1 once per
 * member, not on every message between two real members.
 */
export type KnownProfiles = Map<number, boolean>;

/** Whether the member writes to a fictional profile (and is not one). */
async function toFictional(db: Database, known: KnownProfiles, senderId: number, recipientId: number) {
  const unknown = [senderId, recipientId].filter((id) => !known.has(id));
  if (unknown.length) {
    const rows = await db
      .select({ userId: profiles.userId, fictional: profiles.fictional })
      .from(profiles)
      .where(inArray(profiles.userId, unknown));
    for (const id of unknown) known.set(id, rows.find((row) => row.userId === id)?.fictional === true);
  }
  return known.get(recipientId) === true && known.get(senderId) !== true;
}

/** Throws the refusal when the member may not send this message to a fictional profile; true when it goes to one. */
export async function beforeMessageToFictional(send: FictionalSend): Promise<boolean> {
  if (!(await toFictional(send.app.db, send.known, send.senderId, send.recipientId))) return false;
  await assertOperatorNoticeRules(send);
  if (!send.free) await assertVulnerableCap(send);
  return true;
}

/** After a member's message to a fictional profile is delivered (never fails the send). */
export async function afterMessageToFictional(send: FictionalSend & { seq: number }) {
  await readForDistress(send);
}
