// Writing a room's summary to D1 behind its messages (the values themselves:
// room-summary.ts; the D1 batch: summary.ts). Once for a burst: at once after a
// quiet moment, else at most one a SUMMARY_AFTER for every message sent until
// then, one write at a time. A write that fails is left to the room's alarm,
// which asks again; a new instance of the room writes once to be sure. The
// balances the senders' wallets answered go with it (D1's display copy). After
// each write, each member hears of the newest message the other sent them
// since the summary stood before (the room's notification and live signal).
import { crashPointIn } from "#app/server/crash-points.ts";
import { createDb } from "#app/server/db/client.ts";
import { createLogger, errorFields } from "#app/server/log.ts";
import { newestVisibleFrom, SUMMARY_AFTER, summarisableSeq } from "./room-storage.ts";
import {
  forgetBalances,
  keepBalance,
  keptBalances,
  memberSummary,
  messagesBetween,
  nextSummaryVersion,
  rememberSummarised,
  seedReadMarks,
  summarisedSeq,
  unknownReadMarks,
} from "./room-summary.ts";
import { readMarksInD1, summaryMark, writeSummary } from "./summary.ts";

interface Conversation {
  conversationId: number;
  members: [number, number];
}

interface Room {
  ctx: DurableObjectState;
  env: Pick<Env, "DB">;
  /** The other member heard of message `seq` from `senderId`. */
  notify(conversation: Conversation, senderId: number, seq: number): void;
  /** These members' open pages load their chats again. */
  signal(conversation: Conversation, memberIds: readonly number[]): void;
}

const otherOf = (conversation: Conversation, memberId: number) =>
  conversation.members[0] === memberId ? conversation.members[1] : conversation.members[0];

export class RoomSummaries {
  /** Up to which seq this instance wrote the summary; a new one writes it once to be sure (null). */
  private writtenUpTo: number | null = null;
  /** Something other than new messages changed the summary (a read, a release): it is written even so. */
  private changedMeanwhile = false;
  private writing: Promise<void> | null = null;
  private again = false;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private lastAt = 0;

  private readonly room: Room;

  constructor(room: Room) {
    this.room = room;
  }

  private get sql() {
    return this.room.ctx.storage.sql;
  }

  /** A read or a release changed what the summary says. */
  changed() {
    this.changedMeanwhile = true;
  }

  /** A sender's wallet answered this balance: D1's copy follows with the next summary. */
  keepBalance(memberId: number, wallet: { balance: number; version: number }) {
    keepBalance(this.sql, memberId, wallet);
    this.changedMeanwhile = true;
  }

  /** The summary, its notifications and signals, once for all messages sent while one is under way. */
  write(conversation: Conversation): Promise<void> {
    if (this.writing) {
      this.again = true;
      return this.writing;
    }
    const run = async () => {
      do {
        this.again = false;
        await this.writeNow(conversation);
      } while (this.again);
    };
    this.writing = run().finally(() => {
      this.writing = null;
    });
    return this.writing;
  }

  /** Soon, for a whole burst: a chat going back and forth costs one summary a moment. */
  writeSoon(conversation: Conversation) {
    this.timer ??= setTimeout(
      () => {
        this.timer = null;
        this.lastAt = Date.now();
        // Failing here costs nothing: the alarm set with the message writes it.
        this.write(conversation).catch((error: unknown) =>
          createLogger(`room:${conversation.conversationId}`).warn(
            "summary postponed to the alarm",
            errorFields(error),
          ),
        );
      },
      Math.max(0, this.lastAt + SUMMARY_AFTER - Date.now()),
    );
  }

  /** Nothing is left to summarise (the conversation is erased). */
  stop() {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  /** Read marks from before the room kept them are D1's: taken once, before the room moves or counts them. */
  async knowReadMarks(conversation: Conversation) {
    const unknown = unknownReadMarks(this.sql, conversation.members);
    if (!unknown.length) return;
    const inD1 = await readMarksInD1({ db: createDb(this.room.env.DB) }, conversation.conversationId);
    seedReadMarks(
      this.sql,
      unknown.map((memberId) => ({ memberId, seq: inD1.find((mark) => mark.memberId === memberId)?.seq ?? 0 })),
    );
  }

  private async writeNow(conversation: Conversation) {
    const upTo = summarisableSeq(this.sql);
    const written = this.writtenUpTo !== null && upTo <= this.writtenUpTo;
    if (!this.changedMeanwhile && (upTo === 0 || written)) return;
    await crashPointIn(this.room.ctx, "message:acknowledged");
    this.changedMeanwhile = false;
    let from: number;
    const balances = keptBalances(this.sql);
    try {
      const db = createDb(this.room.env.DB);
      await this.knowReadMarks(conversation);
      const after = summarisedSeq(this.sql) ?? (await summaryMark({ db }, conversation.conversationId));
      from = await writeSummary({ db }, conversation.conversationId, {
        version: nextSummaryVersion(this.sql),
        upTo,
        members: conversation.members.map((memberId) =>
          memberSummary(this.sql, memberId, otherOf(conversation, memberId)),
        ),
        messages: messagesBetween(this.sql, { after, upTo }),
        balances,
      });
    } catch (error) {
      this.changedMeanwhile = true;
      throw error;
    }
    rememberSummarised(this.sql, upTo);
    forgetBalances(this.sql, balances);
    this.writtenUpTo = Math.max(this.writtenUpTo ?? 0, upTo);
    // Each member hears of the newest message the other sent them since the summary stood before.
    const recipients = [];
    for (const senderId of conversation.members) {
      const newest = newestVisibleFrom(this.sql, senderId, { after: from, upTo });
      if (newest === null) continue;
      this.room.notify(conversation, senderId, newest);
      recipients.push(otherOf(conversation, senderId));
    }
    if (recipients.length) this.room.signal(conversation, recipients);
  }
}
