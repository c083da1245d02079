// One-click unsubscribe (RFC 8058) and the mail provider's bounce and
// complaint reports (e-mail notifications disabled because of a spam
// complaint, a bounce or a list-unsubscribe). Unsubscribe links carry a
// signed member id, so they work without logging in and cannot be forged.
// Transactional mail (password reset, activation) is not affected.
import { and, eq, isNull } from "drizzle-orm";
import type { RequestContext } from "#app/context.ts";
import { appConfig } from "#app/server/config/env.ts";
import { users } from "#app/server/db/schema.ts";
import { DomainError } from "#app/server/errors.ts";
import { base64url } from "#app/server/http/base64.ts";

type SecretEnv = Pick<RequestContext, "env">;

const encoder = new TextEncoder();

async function signature(secret: string, userId: number): Promise<string> {
  const key = await crypto.subtle.importKey("raw", encoder.encode(secret), { name: "HMAC", hash: "SHA-256" }, false, [
    "sign",
  ]);
  const mac = new Uint8Array(await crypto.subtle.sign("HMAC", key, encoder.encode(`unsubscribe:${userId}`)));
  return base64url.encode(mac.slice(0, 18));
}

async function unsubscribeToken(app: SecretEnv, userId: number): Promise<string> {
  return `${userId}.${await signature(appConfig(app.env).mailLinkSecret, userId)}`;
}

/** The member a token stands for, or null when it is not one we signed. */
export async function verifyUnsubscribeToken(app: SecretEnv, token: string): Promise<number | null> {
  const match = /^([1-9]\d{0,9})\.([A-Za-z0-9_-]{24})$/.exec(token);
  if (!match) return null;
  const userId = Number(match[1]);
  const expected = await signature(appConfig(app.env).mailLinkSecret, userId);
  // Constant-time comparison: the signature is a secret until it is right.
  let diff = 0;
  for (let i = 0; i < expected.length; i++) diff |= expected.charCodeAt(i) ^ (match[2]!.charCodeAt(i) ?? 0);
  return diff === 0 ? userId : null;
}

/**
 * A notification mail's ways out: the page its footer links to (it asks before
 * it unsubscribes, as link scanners open links) and the URL a mail client posts
 * to for one-click unsubscribe (List-Unsubscribe-Post).
 */
export async function unsubscribeLinks(app: SecretEnv, origin: string, userId: number) {
  const token = await unsubscribeToken(app, userId);
  const at = (path: string) => {
    const url = new URL(path, origin);
    url.searchParams.set("token", token);
    return url.toString();
  };
  return { link: at("/unsubscribe"), oneClick: at("/api/mail/unsubscribe") };
}

/** Switches the member's e-mail notifications off; an earlier reason (bounce) is kept. */
export async function unsubscribe(app: SecretEnv & Pick<RequestContext, "db">, token: string) {
  const userId = await verifyUnsubscribeToken(app, token);
  if (userId === null) throw new DomainError("link_invalid");
  await app.db
    .update(users)
    .set({ emailDisabledReason: "list_unsubscribe" })
    .where(and(eq(users.id, userId), isNull(users.emailDisabledReason)));
  return userId;
}
