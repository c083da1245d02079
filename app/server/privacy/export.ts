// A member's copy of their data (GDPR art. 15 and 20): one ZIP with
// data.json (account, profile, likes, conversations with the messages they
// sent, payments and their customers at payment providers, their wallet's
// ledger (every movement of their credits, read in pages), sessions, settings,
// the statements of reasons about them and their appeals) and their photos,
// streamed: data.json goes out first, then each photo as it is read.
// Secrets (password hash, session and push keys) stay out; other members'
// words stay out too: their messages are their personal data, and so are the
// private notes others keep about them (the notes they wrote are in).
import { eq, or } from "drizzle-orm";
import { strToU8 } from "fflate";
import type { RequestContext } from "#app/context.ts";
import { roomStub } from "#app/server/chat/sockets.ts";
import { applyMovements } from "#app/server/credits/movements.ts";
import { type LedgerRow, walletOf } from "#app/server/credits/wallet.ts";
import {
  appeals,
  blocks,
  complaints,
  conversationParticipants,
  decisions,
  directDebitMandates,
  likes,
  notificationSettings,
  passes,
  paymentCustomers,
  payments,
  photos,
  profileInterests,
  profileNotes,
  profiles,
  pushSubscriptions,
  reports,
  sentGifts,
  sessions,
  trackingData,
  users,
} from "#app/server/db/schema.ts";
import { type ZipStreamFile, zipStream } from "./zip-stream.ts";

type ExportContext = Pick<RequestContext, "db" | "env" | "now">;

export async function memberDataExport(app: ExportContext, memberId: number) {
  const { db } = app;
  const [account] = await db.select().from(users).where(eq(users.id, memberId));
  if (!account) return null;
  const { passwordHash: _secret, ...accountData } = account;
  const [
    profile,
    interests,
    photoRows,
    likesGiven,
    likesReceived,
    blocked,
    passed,
    gifts,
    participations,
    paymentRows,
    ledger,
    sessionRows,
    notificationRows,
    pushRows,
    mandates,
    tracking,
    complaintRows,
    reportRows,
    noteRows,
    customerRows,
    statementRows,
    appealRows,
  ] = await Promise.all([
    db.select().from(profiles).where(eq(profiles.userId, memberId)),
    db.select().from(profileInterests).where(eq(profileInterests.userId, memberId)),
    db.select().from(photos).where(eq(photos.userId, memberId)),
    db.select().from(likes).where(eq(likes.likerId, memberId)),
    db.select().from(likes).where(eq(likes.likedId, memberId)),
    db.select().from(blocks).where(eq(blocks.blockerId, memberId)),
    db.select().from(passes).where(eq(passes.memberId, memberId)),
    db
      .select()
      .from(sentGifts)
      .where(or(eq(sentGifts.senderId, memberId), eq(sentGifts.recipientId, memberId))),
    db.select().from(conversationParticipants).where(eq(conversationParticipants.userId, memberId)),
    db.select().from(payments).where(eq(payments.userId, memberId)),
    walletLedger(app, memberId),
    db
      .select({ createdAt: sessions.createdAt, expiresAt: sessions.expiresAt, userAgent: sessions.userAgent })
      .from(sessions)
      .where(eq(sessions.userId, memberId)),
    db.select().from(notificationSettings).where(eq(notificationSettings.userId, memberId)),
    db
      .select({ endpoint: pushSubscriptions.endpoint, createdAt: pushSubscriptions.createdAt })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, memberId)),
    db.select().from(directDebitMandates).where(eq(directDebitMandates.userId, memberId)),
    db.select().from(trackingData).where(eq(trackingData.userId, memberId)),
    db.select().from(complaints).where(eq(complaints.userId, memberId)),
    db.select().from(reports).where(eq(reports.reporterId, memberId)),
    db.select().from(profileNotes).where(eq(profileNotes.ownerId, memberId)),
    db.select().from(paymentCustomers).where(eq(paymentCustomers.userId, memberId)),
    db.select().from(decisions).where(eq(decisions.memberId, memberId)),
    db.select().from(appeals).where(eq(appeals.memberId, memberId)),
  ]);

  const conversations = await Promise.all(
    participations.map(async (p) => ({
      conversation: p.conversationId,
      messagesSent: await roomStub(app.env, p.conversationId).export(memberId),
    })),
  );

  const data = {
    exportedAt: new Date(app.now()).toISOString(),
    account: accountData,
    profile: profile[0] ?? null,
    interests: interests.map((i) => i.interestId),
    photos: photoRows.map((p) => ({ ...p, file: `photos/${p.id}.jpg` })),
    likesGiven,
    likesReceived,
    blocked,
    passed,
    gifts,
    conversations,
    payments: paymentRows,
    // Who the member is at payment providers (Mollie's customer id), for their direct debits.
    paymentCustomers: customerRows,
    creditLedger: ledger,
    sessions: sessionRows,
    notificationSettings: notificationRows,
    pushSubscriptions: pushRows,
    directDebitMandates: mandates.map(({ codeHash: _code, ...mandate }) => mandate),
    signupTracking: tracking,
    complaints: complaintRows,
    reports: reportRows,
    profileNotes: noteRows.map(({ memberId: member, text, updatedAt }) => ({ member, text, updatedAt })),
    // What the member was told and appealed; which operator decided is the team's, not theirs.
    statementsOfReasons: statementRows.map(({ operatorId: _operator, ...statement }) => statement),
    appeals: appealRows.map(({ operatorId: _operator, ...appeal }) => appeal),
  };
  async function* files(): AsyncGenerator<ZipStreamFile> {
    yield { name: "data.json", parts: [strToU8(JSON.stringify(data, null, 2))] };
    for (const photo of photoRows) {
      const object = await app.env.PHOTOS.get(photo.filename);
      // Already-compressed JPEGs are stored as they are.
      if (object) yield { name: `photos/${photo.id}.jpg`, parts: object.body, stored: true };
    }
  }
  return zipStream(files(), new Date(app.now()));
}

/** Every movement in the member's wallet, newest first, with what is recorded for them applied first. */
async function walletLedger(app: ExportContext, memberId: number) {
  await applyMovements(app, memberId);
  const wallet = walletOf(app.env, memberId);
  const rows: LedgerRow[] = [];
  for (;;) {
    const page = await wallet.ledger({ limit: LEDGER_PAGE, before: rows.at(-1)?.id });
    rows.push(...page);
    if (page.length < LEDGER_PAGE) return rows;
  }
}

/** Movements read at once: the most a wallet answers. */
const LEDGER_PAGE = 500;
