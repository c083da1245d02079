// Operator sessions: separate from members' — their own cookie
// (__Host- prefixed on https, HttpOnly, SameSite=Strict), their own table, and
// short: a password opens a session that only allows the second factor for
// ten minutes; once verified it lasts while used (30 minutes idle) and at most
// 8 hours. D1 keeps the SHA-256 of the cookie token; the hourly job forgets
// sessions that have ended.
import { and, eq, gt, lte, or } from "drizzle-orm";
import { HOUR, randomToken, sha256Hex } from "#app/server/accounts/tokens.ts";
import type { Database } from "#app/server/db/client.ts";
import { operatorSessions, operators } from "#app/server/db/schema.ts";
import { cookieHeader, readCookie } from "#app/server/http/cookies.ts";
import type { OperatorRole } from "./roles.ts";

export const OPERATOR_IDLE = 30 * 60_000;
export const OPERATOR_MAX = 8 * HOUR;
export const SECOND_FACTOR_WINDOW = 10 * 60_000;
/** The idle deadline moves at most this often (one write a minute while working). */
const SLIDE_EVERY = 60_000;

const isHttps = (request: Request) => new URL(request.url).protocol === "https:";

/** `__Host-` binds the cookie to this host, path / and https; plain http (local) cannot use it. */
const operatorCookieName = (request: Request) => (isHttps(request) ? "__Host-operator" : "operator_session");

export function operatorCookie(request: Request, token: string, maxAgeMs: number) {
  return cookieHeader(request, operatorCookieName(request), token, {
    httpOnly: true,
    sameSite: "Strict",
    maxAge: Math.max(0, Math.floor(maxAgeMs / 1000)),
  });
}

export const clearedOperatorCookie = (request: Request) => operatorCookie(request, "", 0);

export const operatorToken = (request: Request) => readCookie(request, operatorCookieName(request));

export async function startOperatorSession(
  db: Database,
  input: { operatorId: number; now: number; verified: boolean },
) {
  const token = randomToken();
  const expiresAt = input.now + (input.verified ? OPERATOR_IDLE : SECOND_FACTOR_WINDOW);
  const statement = db.insert(operatorSessions).values({
    id: await sha256Hex(token),
    operatorId: input.operatorId,
    verified: input.verified,
    createdAt: input.now,
    expiresAt,
  });
  return { token, statement, expiresAt };
}

export interface SessionOperator {
  id: number;
  email: string;
  name: string;
  role: OperatorRole;
  totpEnabled: boolean;
  session: { id: string; verified: boolean; createdAt: number; expiresAt: number };
}

export async function findOperatorSession(db: Database, token: string, now: number): Promise<SessionOperator | null> {
  if (!token || token.length > 100) return null;
  const [row] = await db
    .select({ session: operatorSessions, operator: operators })
    .from(operatorSessions)
    .innerJoin(operators, eq(operators.id, operatorSessions.operatorId))
    .where(and(eq(operatorSessions.id, await sha256Hex(token)), gt(operatorSessions.expiresAt, now)))
    .limit(1);
  if (!row || row.operator.disabled) return null;
  const { session, operator } = row;
  if (session.createdAt + OPERATOR_MAX <= now) return null;
  return {
    id: operator.id,
    email: operator.email,
    name: operator.name,
    role: operator.role,
    totpEnabled: operator.totpEnabled,
    session: {
      id: session.id,
      verified: session.verified,
      createdAt: session.createdAt,
      expiresAt: session.expiresAt,
    },
  };
}

/** Moves a verified session's idle deadline on, never past its 8 hours; null when nothing to write. */
export function slideOperatorSession(db: Database, operator: SessionOperator, now: number) {
  const { session } = operator;
  if (!session.verified) return null;
  const next = Math.min(now + OPERATOR_IDLE, session.createdAt + OPERATOR_MAX);
  if (next - session.expiresAt < SLIDE_EVERY) return null;
  return db.update(operatorSessions).set({ expiresAt: next }).where(eq(operatorSessions.id, session.id));
}

export function endOperatorSessionStatement(db: Database, sessionId: string) {
  return db.delete(operatorSessions).where(eq(operatorSessions.id, sessionId));
}

/** The hourly job: sessions idle past their deadline or started 8 hours ago are forgotten (a handful an hour). */
export function forgetEndedOperatorSessions(app: { db: Database }, now: number) {
  return app.db
    .delete(operatorSessions)
    .where(or(lte(operatorSessions.expiresAt, now), lte(operatorSessions.createdAt, now - OPERATOR_MAX)));
}
