import { cookieHeader, readCookie } from "#app/server/http/cookies.ts";
import { SESSION_COOKIE, SESSION_LIFETIME } from "./session.ts";

/** HttpOnly, SameSite=Lax, path /, Secure on https, 30 days. */
export function sessionCookie(request: Request, token: string, lifetimeMs = SESSION_LIFETIME) {
  return cookieHeader(request, SESSION_COOKIE, token, { httpOnly: true, maxAge: Math.floor(lifetimeMs / 1000) });
}

export function clearedSessionCookie(request: Request) {
  return cookieHeader(request, SESSION_COOKIE, "", { httpOnly: true, maxAge: 0 });
}

export const sessionToken = (request: Request) => readCookie(request, SESSION_COOKIE);
