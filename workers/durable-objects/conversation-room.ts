// One ConversationRoom per conversation: it orders messages (seq), keeps them
// in its own SQLite storage, and fans them out to both members' hibernating
// WebSockets, with a typing indicator and read receipts.
//
// The room is where a conversation's messages live; the sender's wallet (a
// Durable Object of its own) holds what they cost, and D1 receives a summary.
// A message is never lost nor charged twice across the two: it is written here
// as "pending" first (with an alarm a few seconds out), then charged by the
// wallet under a key made of the client's message id, then marked "sent" and
// delivered. If the room dies between two of those steps, it settles on its
// own: when it starts again and when the alarm rings, each pending row that no
// send of this instance is working on is looked up in its sender's wallet; a
// charged one is marked sent and delivered, an unknown one is given up once it
// is too old to be a send still on its way (the wallet voids its key, so a
// charge that arrives later is refused). A retry with the same id finds the
// pending row and completes it; the wallet knows the key and does not charge again.
//
// The Worker authenticates members and opens the conversation for them before
// it calls the room or hands it a socket; the room trusts the member id it is
// given. A socket outlives that check, so every frame that reads or writes asks
// again (the socket's session still lives, no block closed the conversation)
// and the socket closes when not, with a code the client acts on. Sessions that
// end and blocks close sockets at once too, and nothing is delivered to a
// socket whose session has expired. A member keeps 5 sockets here; a sixth
// closes their oldest (newest-sockets.ts).
//
// A send is answered as soon as the wallet has charged it. Behind the answer,
// once for a burst, the room writes the conversation's summary (unread counts
// and read marks, last messages; room-summary.ts) with D1's copy of the
// sender's balance, then notifies the recipient and tells
// their open pages (the chat list, the unread badges) through their live
// signal; the sender's page already has the answer, so it does not reload.
import { DurableObject } from "cloudflare:workers";
import type { TFunction } from "i18next";
import { translator } from "#app/i18n/i18next.server.ts";
import { isLocale, type Locale } from "#app/i18n/locales.ts";
import { clientFrameSchema, type OutgoingMessage, type ServerFrame, SOCKET_CLOSE } from "#app/schemas/chat.ts";
import { sessionExpiry } from "#app/server/accounts/session.ts";
import { assertStillOpen, type ConversationSide } from "#app/server/chat/conversations.ts";
import { senderSettings } from "#app/server/chat/costs.ts";
import type { RoomMeta } from "#app/server/chat/room-meta.ts";
import {
  createMessageTable,
  pendingRows,
  previewOf,
  type Row,
  SETTLE_AFTER,
  SETTLE_RETRY_AFTER,
  senderSeenBy,
  settleRows,
  storeNotice,
  toMessage,
  visibleHistory,
} from "#app/server/chat/room-storage.ts";
import { RoomSummaries } from "#app/server/chat/room-summaries.ts";
import { createReadMarks, moveReadMark, newestSeen } from "#app/server/chat/room-summary.ts";
import { messageContent, recordMessage } from "#app/server/chat/send-message.ts";
import type { EndedSessions } from "#app/server/chat/sockets.ts";
import { crashPointIn } from "#app/server/crash-points.ts";
import { createDb } from "#app/server/db/client.ts";
import { DomainError, isDomainError } from "#app/server/errors.ts";
import {
  afterMessageToFictional,
  beforeMessageToFictional,
  type KnownProfiles,
} from "#app/server/fictional/chat-rules.ts";
import { messageWithinRateLimit } from "#app/server/limits/rate-limits.ts";
import { signalMembers } from "#app/server/live-signal/signal.ts";
import { createLogger, errorFields } from "#app/server/log.ts";
import { inBackground } from "#app/server/notifications/deliver.ts";
import { notifyNewMessage } from "#app/server/notifications/events.ts";
import { keepNewestSockets } from "./newest-sockets.ts";

/** Milliseconds between marks (in workerd the clock moves only across I/O, which is what a send waits on). */
function stepTimer() {
  let last = performance.now();
  const ms: Record<string, number> = {};
  return {
    mark(step: string) {
      const now = performance.now();
      ms[step] = now - last;
      last = now;
    },
    ms: () => ms,
  };
}

interface SocketSession {
  id: string;
  /** When the session ends, as far as the room knows: past it, D1 is asked before anything is delivered. */
  expiresAt: number;
}

interface Attachment {
  memberId: number;
  locale: Locale;
  session: SocketSession;
  /** When the socket was opened: a member keeps their newest (newest-sockets.ts). */
  openedAt?: number;
}

/** The refusals after which a socket may not go on, and the close code that tells the client why. */
const closeCodeFor = (code: string) =>
  code === "authentication_required"
    ? SOCKET_CLOSE.sessionEnded
    : code === "conversation_not_found"
      ? SOCKET_CLOSE.conversationClosed
      : null;

const parseSession = (header: string | null): SocketSession | null => {
  try {
    const session = JSON.parse(header ?? "null") as Partial<SocketSession> | null;
    return typeof session?.id === "string" && typeof session.expiresAt === "number"
      ? { id: session.id, expiresAt: session.expiresAt }
      : null;
  } catch {
    return null;
  }
};

export class ConversationRoom extends DurableObject<Env> {
  private readonly sql: SqlStorage;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    this.sql = ctx.storage.sql;
    createMessageTable(this.sql);
    createReadMarks(this.sql);
    this.sql.exec("create table if not exists meta (key text primary key, value text not null)");
    // Started again with sends a crash cut short: settle them now rather than at the alarm's time.
    if (pendingRows(this.sql).length) void ctx.storage.setAlarm(Date.now());
  }

  /** The members' own domains, whose settings price what each sends (see senderSettings). */
  private readonly domains = new Map<number, string>();
  /** Which of the members are fictional profiles (see KnownProfiles). */
  private readonly fictionalMembers: KnownProfiles = new Map();
  /** Sends of this instance between their pending row and their "sent" mark, by seq. */
  private readonly inFlight = new Map<number, number>();
  private settling: Promise<void> | null = null;
  /** D1's summary of the conversation, written behind the messages (room-summaries.ts). */
  private readonly summaries = new RoomSummaries({
    ctx: this.ctx,
    env: this.env,
    notify: (meta, senderId, seq) => this.notify(meta, senderId, seq),
    signal: (meta, memberIds) => this.signal(meta, memberIds),
  });
  /** An alarm was set since this instance started (or its last alarm rang). */
  private settleScheduled = false;

  // ---- Set-up and sockets --------------------------------------------------

  private meta(): RoomMeta | null {
    const row = this.sql.exec<{ value: string }>("select value from meta where key = 'room'").toArray()[0];
    return row ? (JSON.parse(row.value) as RoomMeta) : null;
  }

  /** Keeps what the room is told (a caller that says nothing of the members keeps what it knew). */
  private remember(meta: RoomMeta) {
    const kept = meta.facts ? meta : { ...meta, facts: this.meta()?.facts };
    this.sql.exec("insert or replace into meta (key, value) values ('room', ?)", JSON.stringify(kept));
    for (const member of kept.facts ?? []) {
      this.domains.set(member.id, member.domain);
      this.fictionalMembers.set(member.id, member.fictional);
    }
  }

  override async fetch(request: Request): Promise<Response> {
    if (request.headers.get("Upgrade") !== "websocket")
      return new Response("Expected a WebSocket upgrade", { status: 426 });
    const meta = JSON.parse(request.headers.get("X-Room") ?? "null") as RoomMeta | null;
    const memberId = Number(request.headers.get("X-Member-Id"));
    const session = parseSession(request.headers.get("X-Session"));
    if (!meta?.members.includes(memberId) || !session) return new Response("Forbidden", { status: 403 });
    this.remember(meta);
    const { 0: client, 1: server } = new WebSocketPair();
    const locale = request.headers.get("X-Locale");
    server.serializeAttachment({
      memberId,
      locale: isLocale(locale) ? locale : "nl",
      session,
      openedAt: Date.now(),
    } satisfies Attachment);
    this.ctx.acceptWebSocket(server, [`member:${memberId}`]);
    keepNewestSockets(
      this.ctx.getWebSockets(`member:${memberId}`),
      (socket) => (socket.deserializeAttachment() as Attachment).openedAt ?? 0,
    );
    return new Response(null, { status: 101, webSocket: client });
  }

  override async webSocketMessage(socket: WebSocket, raw: string | ArrayBuffer) {
    const { memberId, locale, session } = socket.deserializeAttachment() as Attachment;
    const meta = this.meta();
    let frame: ReturnType<typeof clientFrameSchema.safeParse>;
    try {
      frame = clientFrameSchema.safeParse(JSON.parse(typeof raw === "string" ? raw : new TextDecoder().decode(raw)));
    } catch {
      frame = clientFrameSchema.safeParse(null);
    }
    const t = translator(locale);
    if (!frame.success || !meta) {
      return this.reply(socket, errorFrame(t, new DomainError("invalid_input")));
    }
    const data = frame.data;
    const side = this.side(meta, memberId);
    const app = { db: createDb(this.env.DB), now: Date.now };
    try {
      switch (data.type) {
        case "hello":
          await assertStillOpen(app, side, session.id);
          return this.reply(socket, this.history(memberId, { after: data.lastSeq }));
        case "older":
          await assertStillOpen(app, side, session.id);
          return this.reply(socket, this.history(memberId, { before: data.beforeSeq }));
        case "typing":
          return this.toMember(side.otherId, { type: "typing", memberId });
        case "read":
          await assertStillOpen(app, side, session.id);
          if ((await this.read(meta, memberId, data.seq)) === null) throw new DomainError("invalid_input");
          return;
        case "ping":
          return this.reply(socket, { type: "pong" });
        case "send": {
          const answer = await this.send(meta, memberId, data.message, { locale, session: session.id });
          this.reply(socket, answer);
          if (answer.type === "error") this.closeIfEnded(socket, answer.code);
          return;
        }
      }
    } catch (error) {
      if (isDomainError(error)) {
        if (this.closeIfEnded(socket, error.code)) return;
        return this.reply(socket, errorFrame(t, error));
      }
      createLogger(`room:${meta.conversationId}`).error("frame not handled", errorFields(error));
      return this.reply(socket, errorFrame(t, new DomainError("retry")));
    }
  }

  override async webSocketClose(socket: WebSocket, code: number) {
    this.close(socket, code === 1005 ? 1000 : code, "closing");
  }

  private close(socket: WebSocket, code: number, reason: string) {
    try {
      socket.close(code, reason);
    } catch {
      // Already closed.
    }
  }

  /** Closes the socket when a refusal means it may not go on; says whether it did. */
  private closeIfEnded(socket: WebSocket, code: string) {
    const closeCode = closeCodeFor(code);
    if (closeCode === null) return false;
    this.close(socket, closeCode, code);
    return true;
  }

  private reply(socket: WebSocket, frame: ServerFrame) {
    try {
      socket.send(JSON.stringify(frame));
    } catch {
      // The socket went away; the client catches up with "hello" when it is back.
    }
  }

  /** To each of a member's sockets whose session still lives. */
  private toMember(memberId: number, frame: ServerFrame) {
    const now = Date.now();
    for (const socket of this.ctx.getWebSockets(`member:${memberId}`)) {
      const { session } = socket.deserializeAttachment() as Attachment;
      if (session.expiresAt > now) this.reply(socket, frame);
      else void this.toSocketIfSessionLives(socket, frame);
    }
  }

  /** The session's end as the room knew it has passed, but it may have been renewed since: D1 decides. */
  private async toSocketIfSessionLives(socket: WebSocket, frame: ServerFrame) {
    const attachment = socket.deserializeAttachment() as Attachment;
    try {
      const expiresAt = await sessionExpiry(
        createDb(this.env.DB),
        { id: attachment.session.id, userId: attachment.memberId },
        Date.now(),
      );
      if (expiresAt === null) return this.close(socket, SOCKET_CLOSE.sessionEnded, "authentication_required");
      socket.serializeAttachment({ ...attachment, session: { ...attachment.session, expiresAt } } satisfies Attachment);
      this.reply(socket, frame);
    } catch (error) {
      // Not delivered: the client catches up with "hello" on its next connection.
      createLogger("room").warn("session not checked before delivery", errorFields(error));
    }
  }

  private other(meta: RoomMeta, memberId: number) {
    return meta.members[0] === memberId ? meta.members[1] : meta.members[0];
  }

  /** The conversation as one of its members sees it. */
  private side(meta: RoomMeta, memberId: number): ConversationSide {
    return { conversationId: meta.conversationId, memberId, otherId: this.other(meta, memberId) };
  }

  // ---- What members do (WebSocket frames and RPC from the Worker) ----------

  /** Messages after (or before) a seq that the member may see: another's held ones are not. */
  history(memberId: number, range: { after?: number; before?: number }): ServerFrame {
    return { type: "messages", ...visibleHistory(this.sql, memberId, range), older: range.before !== undefined };
  }

  /**
   * Stores, charges and delivers a message. With `session` (the sender's, over
   * a socket or HTTP) it is refused once that session has ended; without it,
   * the caller is the server itself (the message typed at signup).
   */
  async send(
    meta: RoomMeta,
    senderId: number,
    message: OutgoingMessage,
    options: { locale: Locale; free?: boolean; session?: string },
  ): Promise<ServerFrame> {
    this.remember(meta);
    const t = translator(options.locale);
    const log = createLogger(`room:${meta.conversationId}`);
    const stored = () =>
      this.sql
        .exec<Row>("select * from messages where sender_id = ? and client_id = ?", senderId, message.clientId)
        .toArray()[0];
    const steps = stepTimer();
    const existing = stored();
    const db = createDb(this.env.DB);
    let row = existing;
    let tracked: number | null = null;
    let toFictional = false;
    try {
      if (existing?.state === "sent") {
        if (options.session) {
          await assertStillOpen({ db, now: Date.now }, this.side(meta, senderId), options.session);
        }
        return { type: "sent", clientId: message.clientId, message: toMessage(existing), credits: null };
      }
      const settings = await senderSettings({ db, env: this.env }, senderId, this.domains);
      const app = { db, env: this.env, settings, now: Date.now };
      steps.mark("settings");
      const fictionalSend = () => ({
        app: { ...app, env: this.env },
        conversationId: meta.conversationId,
        senderId,
        recipientId: this.other(meta, senderId),
        message,
        free: options.free === true,
        known: this.fictionalMembers,
      });
      if (!row) {
        if (!(await messageWithinRateLimit(this.env, senderId))) throw new DomainError("rate_limited");
        steps.mark("rate limit");
        const content = await messageContent(app, meta.conversationId, message);
        steps.mark("content");
        toFictional = await beforeMessageToFictional(fictionalSend());
        steps.mark("fictional rules");
        // The awaits above let other sends of this same message in: carry on with theirs.
        const meanwhile = stored();
        if (meanwhile?.state === "sent") {
          return { type: "sent", clientId: message.clientId, message: toMessage(meanwhile), credits: null };
        }
        const now = app.now();
        row =
          meanwhile ??
          this.sql
            .exec<Row>(
              `insert into messages (seq, client_id, sender_id, kind, body, gift, photo, created_at, state)
             values ((select coalesce(max(seq), 0) + 1 from messages), ?, ?, ?, ?, ?, ?, ?, 'pending') returning *`,
              message.clientId,
              senderId,
              message.kind,
              content.body,
              content.gift,
              content.photo,
              now,
            )
            .one();
        if (!this.settleScheduled) {
          this.settleScheduled = true;
          void this.ctx.storage.setAlarm(now + SETTLE_AFTER);
        }
        await crashPointIn(this.ctx, "message:stored-pending");
        steps.mark("pending row");
      }
      this.inFlight.set(row.seq, (this.inFlight.get(row.seq) ?? 0) + 1);
      tracked = row.seq;
      const recipientId = this.other(meta, senderId);
      const record = {
        conversationId: meta.conversationId,
        senderId,
        recipientId,
        seq: row.seq,
        clientId: row.client_id,
        // A member's own row: never a notice (those are the site's, sender 0).
        ...previewOf(row),
        free: options.free,
        session: options.session,
        photo: row.photo,
      };
      const recorded = await recordMessage(app, record);
      steps.mark("rules and charge");
      await crashPointIn(this.ctx, "message:charged");
      const held = recorded.held && !this.confirmed(senderId);
      const sent = this.sql
        .exec<Row>("update messages set state = 'sent', held = ? where seq = ? returning *", held ? 1 : 0, row.seq)
        .one();
      const frame: ServerFrame = { type: "messages", messages: [toMessage(sent)], older: false, hasOlder: false };
      this.toMember(senderId, frame);
      if (!held) this.toMember(recipientId, frame);
      if (recorded.wallet) this.summaries.keepBalance(senderId, recorded.wallet);
      if (!held || recorded.wallet) this.summaries.writeSoon(meta);
      if (toFictional) {
        const send = { ...fictionalSend(), seq: sent.seq };
        inBackground({ log, ctx: this.ctx }, "message to a fictional profile read", () =>
          afterMessageToFictional(send),
        );
      }
      steps.mark("deliver");
      // The benchmark reads where a send's time goes; production has no use for a line per message.
      if (__LOCAL_TOOLS__) log.info("message steps", steps.ms());
      return { type: "sent", clientId: message.clientId, message: toMessage(sent), credits: recorded.credits };
    } catch (error) {
      // Refused (not paid for): the pending message goes, nothing was charged.
      if (row && isDomainError(error))
        this.sql.exec("delete from messages where seq = ? and state = 'pending'", row.seq);
      if (isDomainError(error)) return errorFrame(t, error, message.clientId);
      log.error("message not recorded; the client will retry", errorFields(error));
      return errorFrame(t, new DomainError("retry"), message.clientId);
    } finally {
      if (tracked !== null) this.doneWith(tracked);
    }
  }

  private doneWith(seq: number) {
    const left = (this.inFlight.get(seq) ?? 1) - 1;
    if (left > 0) this.inFlight.set(seq, left);
    else this.inFlight.delete(seq);
  }

  // ---- Settling what a crash left half-done ---------------------------------

  override async alarm() {
    this.settleScheduled = false;
    try {
      await this.settle();
    } catch (error) {
      // D1 or a wallet unreachable: ask again later, for as long as it takes (the runtime's own retries give up).
      createLogger("room").warn("settling postponed", errorFields(error));
      await this.ctx.storage.setAlarm(Date.now() + SETTLE_RETRY_AFTER);
    }
  }

  /** One settling at a time: a second caller waits for the one under way. */
  private settle() {
    this.settling ??= this.settlePending().finally(() => {
      this.settling = null;
    });
    return this.settling;
  }

  private async settlePending() {
    const meta = this.meta();
    const { delivered, balances } = meta
      ? await settleRows(
          this.sql,
          { db: createDb(this.env.DB), env: this.env },
          { inFlight: this.inFlight, now: Date.now() },
        )
      : { delivered: [], balances: new Map() };
    for (const [memberId, wallet] of balances) this.summaries.keepBalance(memberId, wallet);
    if (meta && delivered.length) {
      createLogger(`room:${meta.conversationId}`).warn("settled messages a crash left half-done", {
        delivered: delivered.length,
      });
      for (const memberId of meta.members) {
        const visible = delivered.filter((row) => row.held === 0 || row.sender_id === memberId);
        if (visible.length)
          this.toMember(memberId, {
            type: "messages",
            messages: visible.map(toMessage),
            older: false,
            hasOlder: false,
          });
        // The other member hears of the newest message they can now see (a push key goes out once).
        const last = delivered.filter((row) => row.held === 0 && row.sender_id === memberId).at(-1);
        if (last) this.notify(meta, memberId, last.seq);
      }
    }
    // Also when nothing was pending: the room may have died right after an acknowledgement.
    if (meta) await this.summaries.write(meta);
    await this.settleLaterIfPending();
  }

  // ---- Behind the acknowledgement ------------------------------------------

  private async settleLaterIfPending() {
    if (pendingRows(this.sql).length) await this.ctx.storage.setAlarm(Date.now() + SETTLE_AFTER);
  }

  /** Who sent message `seq` to `viewerId`, as they see it (a report or notice names them); null when nobody did. */
  senderSeenBy(seq: number, viewerId: number) {
    return senderSeenBy(this.sql, seq, viewerId);
  }

  /**
   * A member read up to `seq` (or everything they can see): the mark moves
   * (never back, see moveReadMark), D1's summary follows before the answer (the
   * member's next page shows it), and the other member's screens show the receipt.
   * Answers the mark, or null for a seq past the newest message the member can
   * see (an answer, not a throw: a DomainError does not cross RPC as one).
   */
  async read(meta: RoomMeta, memberId: number, seq?: number) {
    this.remember(meta);
    await this.summaries.knowReadMarks(meta);
    const mark = moveReadMark(this.sql, memberId, seq ?? newestSeen(this.sql, memberId));
    if (mark === null) return null;
    this.summaries.changed();
    try {
      await this.summaries.write(meta);
    } catch (error) {
      // D1 unreachable: the mark holds here, and the alarm writes the summary once D1 answers.
      createLogger(`room:${meta.conversationId}`).warn("summary postponed to the alarm", errorFields(error));
      await this.ctx.storage.setAlarm(Date.now() + SETTLE_RETRY_AFTER);
    }
    this.toMember(this.other(meta, memberId), { type: "read", memberId, seq: mark });
    return mark;
  }

  /** Sessions of a member ended: their sockets here close, and their client logs out. */
  endSessions(memberId: number, ended: EndedSessions) {
    for (const socket of this.ctx.getWebSockets(`member:${memberId}`)) {
      const { session } = socket.deserializeAttachment() as Attachment;
      const gone = "session" in ended ? session.id === ended.session : session.id !== ended.allBut;
      if (gone) this.close(socket, SOCKET_CLOSE.sessionEnded, "authentication_required");
    }
  }

  /** The conversation is closed to both members (a block): every socket goes. */
  closeAll(code: number) {
    for (const socket of this.ctx.getWebSockets()) this.close(socket, code, "conversation_not_found");
  }

  /** The sender confirmed their e-mail address: their held messages are delivered, and they are not held any more. */
  async release(meta: RoomMeta, senderId: number) {
    this.remember(meta);
    const recipientId = this.other(meta, senderId);
    // Should the room die before D1's summary counts them, the alarm (or the next instance) writes it.
    await this.ctx.storage.setAlarm(Date.now() + SETTLE_AFTER);
    this.summaries.changed();
    this.sql.exec("insert or ignore into meta (key, value) values (?, '1')", `confirmed:${senderId}`);
    const rows = this.sql
      .exec<Row>(
        "update messages set held = 0 where sender_id = ? and held = 1 and state = 'sent' returning *",
        senderId,
      )
      .toArray();
    await crashPointIn(this.ctx, "message:released");
    if (rows.length) {
      this.toMember(recipientId, { type: "messages", messages: rows.map(toMessage), older: false, hasOlder: false });
      this.notify(meta, senderId, rows[rows.length - 1]!.seq);
      this.signal(meta, [recipientId]);
      this.summaries.writeSoon(meta);
    }
    return rows.length;
  }

  /** The member confirmed their address (release): a send D1 still saw as held is not held here. */
  private confirmed(memberId: number) {
    return this.sql.exec("select 1 from meta where key = ?", `confirmed:${memberId}`).toArray().length > 0;
  }

  /**
   * The site's own words in the conversation (the warning to a member who may
   * be vulnerable), stored once per key and delivered to both members at once.
   * Free and not indexed in D1: it is never charged nor counted unread.
   */
  notice(meta: RoomMeta, notice: { key: string; text: string }) {
    this.remember(meta);
    const row = storeNotice(this.sql, { ...notice, now: Date.now() });
    if (!row) return false;
    const frame: ServerFrame = { type: "messages", messages: [toMessage(row)], older: false, hasOlder: false };
    for (const memberId of meta.members) this.toMember(memberId, frame);
    return true;
  }

  /** Push and e-mail for the recipient (app/server/notifications), after the message is delivered. */
  private notify(meta: RoomMeta, senderId: number, seq: number) {
    const row = this.sql.exec<Row>("select * from messages where seq = ?", seq).toArray()[0];
    if (!row) return;
    const log = createLogger(`room:${meta.conversationId}`);
    const app = { db: createDb(this.env.DB), env: this.env, log, now: Date.now, ctx: this.ctx };
    inBackground(app, "message notification", () =>
      notifyNewMessage(app, {
        conversationId: meta.conversationId,
        senderId,
        recipientId: this.other(meta, senderId),
        seq,
        lastMessage: previewOf(row),
      }),
    );
  }

  /** The members' open pages load their chats again; never delays nor fails the send. */
  private signal(meta: RoomMeta, memberIds: readonly number[]) {
    const log = createLogger(`room:${meta.conversationId}`);
    void signalMembers({ env: this.env, log, ctx: this.ctx }, memberIds, "message");
  }

  /** Everything this room holds, for a member's data export. */
  export(memberId: number) {
    return this.sql
      .exec<Row>("select * from messages where sender_id = ? order by seq", memberId)
      .toArray()
      .map(toMessage);
  }

  /** Erasure: the whole conversation's storage goes. */
  async erase() {
    // Nothing is left to summarise: D1's rows of the conversation go with it.
    this.summaries.stop();
    for (const socket of this.ctx.getWebSockets()) this.close(socket, 1000, "gone");
    await this.ctx.storage.deleteAll();
  }
}

/** A refusal as the client reads it: the catalogue's code and message, in the member's language. */
function errorFrame(t: TFunction, error: DomainError, clientId?: string): Extract<ServerFrame, { type: "error" }> {
  const message = t(error.messageKey, error.params);
  return clientId === undefined
    ? { type: "error", code: error.code, message }
    : { type: "error", clientId, code: error.code, message };
}
