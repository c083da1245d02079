// What the member (or reporter) sees of the decisions about them, and their
// appeal: "Messages from the team" lists every statement of reasons about a
// member, newest first; the signed link in a statement's mail lists those
// mailed to its address (a reporter without an account, a banned member).
// One appeal per decision, free, within six months of it; a second one, or
// one after the six months, is refused with its reason.
import { and, desc, eq, inArray, or, type SQL, sql } from "drizzle-orm";
import type { Database } from "#app/server/db/client.ts";
import { appeals, decisions, notices, users } from "#app/server/db/schema.ts";
import { DomainError } from "#app/server/errors.ts";
import { verifyAppealToken } from "./appeal-link.ts";

type AppealApp = { db: Database; now: () => number };

/** Whose decisions: a logged-in member's, or those mailed to the address a signed link names. */
export type Appellant = { member: number } | { domain: string; email: string };

/** The decisions the appellant may read (and appeal): about them as a member, or on their notices as reporter. */
function decisionsOf(db: Database, who: Appellant): SQL {
  if ("member" in who) return eq(decisions.memberId, who.member);
  const member = db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.domain, who.domain), sql`lower(${users.email}) = ${who.email}`));
  const reported = db
    .select({ id: notices.id })
    .from(notices)
    .where(and(eq(notices.domain, who.domain), sql`lower(${notices.reporterEmail}) = ${who.email}`));
  return and(
    eq(decisions.domain, who.domain),
    or(inArray(decisions.memberId, member), inArray(decisions.noticeId, reported)),
  ) as SQL;
}

/** Every statement of reasons for the appellant, newest first, with their appeal's state and outcome. */
export async function statementsFor(app: AppealApp, who: Appellant) {
  const rows = await app.db
    .select({
      id: decisions.id,
      kind: decisions.kind,
      facts: decisions.facts,
      ground: decisions.ground,
      clause: decisions.clause,
      automated: decisions.automated,
      createdAt: decisions.createdAt,
      appealUntil: decisions.appealUntil,
      reversedAt: decisions.reversedAt,
      appeal: {
        id: appeals.id,
        status: appeals.status,
        text: appeals.text,
        outcome: appeals.outcome,
        createdAt: appeals.createdAt,
        decidedAt: appeals.decidedAt,
      },
    })
    .from(decisions)
    .leftJoin(appeals, eq(appeals.decisionId, decisions.id))
    .where(decisionsOf(app.db, who))
    .orderBy(desc(decisions.createdAt), desc(decisions.id))
    .limit(100);
  const now = app.now();
  return rows.map((row) => ({
    ...row,
    appeal: row.appeal?.id ? row.appeal : null,
    canAppeal: !row.appeal?.id && now <= row.appealUntil,
  }));
}

/** The appellant a signed link stands for; a link we did not sign is refused. */
export async function appellantOfToken(app: Parameters<typeof verifyAppealToken>[0], token: string) {
  const to = await verifyAppealToken(app, token);
  if (!to) throw new DomainError("link_invalid");
  return to;
}

/**
 * Files the appeal against one of the appellant's decisions. The unique index
 * on the decision makes a second appeal (or two sent at once) a refusal.
 */
export async function fileAppeal(app: AppealApp, who: Appellant, input: { decision: number; text: string }) {
  const [decision] = await app.db
    .select({ id: decisions.id, appealUntil: decisions.appealUntil, memberId: decisions.memberId })
    .from(decisions)
    .where(and(eq(decisions.id, input.decision), decisionsOf(app.db, who)));
  if (!decision) throw new DomainError("decision_not_found");
  const now = app.now();
  if (now > decision.appealUntil) throw new DomainError("appeal_closed");
  const email =
    "email" in who
      ? who.email
      : ((await app.db.select({ email: users.email }).from(users).where(eq(users.id, who.member)))[0]?.email ?? "");
  const inserted = await app.db
    .insert(appeals)
    .values({
      decisionId: decision.id,
      memberId: "member" in who ? who.member : decision.memberId,
      email,
      text: input.text,
      createdAt: now,
    })
    .onConflictDoNothing()
    .returning({ id: appeals.id });
  if (!inserted.length) throw new DomainError("appeal_exists");
  return { appeal: inserted[0]!.id };
}
