// One-click unsubscribe (RFC 8058) and the mail provider's bounce and
// complaint reports (e-mail notifications disabled because of a spam
// complaint, a bounce or a list-unsubscribe). Unsubscribe links carry a
// signed member id, so they work without logging in and cannot be forged.
// A promotions or news mail's link also names (and signs) its kind and stops
// that kind of mail only; other notification mails' links, and links signed
// before links named a kind, stop every notification mail.
// Transactional mail (password reset, activation) is not affected.
import { and, eq, isNull } from "drizzle-orm";
import type { RequestContext } from "#app/context.ts";
import type { NotificationType } from "#app/schemas/enums.ts";
import { appConfig } from "#app/server/config/env.ts";
import { notificationSettings, users } from "#app/server/db/schema.ts";
import { DomainError } from "#app/server/errors.ts";
import { base64url } from "#app/server/http/base64.ts";

type SecretEnv = Pick<RequestContext, "env">;

/** The kinds of mail a member leaves one by one: mail they may want less of without losing the rest. */
const unsubscribeKinds = ["promotions", "news"] as const;
type UnsubscribeKind = (typeof unsubscribeKinds)[number];

const isUnsubscribeKind = (type: string | undefined): type is UnsubscribeKind =>
  unsubscribeKinds.includes(type as UnsubscribeKind);

const encoder = new TextEncoder();

async function signature(secret: string, userId: number, kind: UnsubscribeKind | null): Promise<string> {
  const key = await crypto.subtle.importKey("raw", encoder.encode(secret), { name: "HMAC", hash: "SHA-256" }, false, [
    "sign",
  ]);
  const signed = kind ? `unsubscribe:${userId}:${kind}` : `unsubscribe:${userId}`;
  const mac = new Uint8Array(await crypto.subtle.sign("HMAC", key, encoder.encode(signed)));
  return base64url.encode(mac.slice(0, 18));
}

async function unsubscribeToken(app: SecretEnv, userId: number, kind: UnsubscribeKind | null): Promise<string> {
  const sig = await signature(appConfig(app.env).mailLinkSecret, userId, kind);
  return kind ? `${userId}.${kind}.${sig}` : `${userId}.${sig}`;
}

/** The member a token stands for and the kind of mail it stops (null: all), or null when we did not sign it. */
export async function verifyUnsubscribeToken(
  app: SecretEnv,
  token: string,
): Promise<{ userId: number; kind: UnsubscribeKind | null } | null> {
  const match = /^([1-9]\d{0,9})\.(?:([a-z]+)\.)?([A-Za-z0-9_-]{24})$/.exec(token);
  if (!match) return null;
  const kind = match[2] ?? null;
  if (kind !== null && !isUnsubscribeKind(kind)) return null;
  const userId = Number(match[1]);
  const expected = await signature(appConfig(app.env).mailLinkSecret, userId, kind);
  // Constant-time comparison: the signature is a secret until it is right.
  let diff = 0;
  for (let i = 0; i < expected.length; i++) diff |= expected.charCodeAt(i) ^ (match[3]!.charCodeAt(i) ?? 0);
  return diff === 0 ? { userId, kind } : null;
}

/**
 * A notification mail's ways out: the page its footer links to (it asks before
 * it unsubscribes, as link scanners open links) and the URL a mail client posts
 * to for one-click unsubscribe (List-Unsubscribe-Post). Both stop the mail's
 * own kind when it is one members leave on its own.
 */
export async function unsubscribeLinks(app: SecretEnv, origin: string, userId: number, type?: NotificationType) {
  const token = await unsubscribeToken(app, userId, isUnsubscribeKind(type) ? type : null);
  const at = (path: string) => {
    const url = new URL(path, origin);
    url.searchParams.set("token", token);
    return url.toString();
  };
  return { link: at("/unsubscribe"), oneClick: at("/api/mail/unsubscribe") };
}

/**
 * Switches off the kind of mail the token names (the member's e-mail choice
 * for that type, as on the notification settings page), or all their e-mail
 * notifications (an earlier reason, such as a bounce, is kept).
 */
export async function unsubscribe(app: SecretEnv & Pick<RequestContext, "db">, token: string) {
  const verified = await verifyUnsubscribeToken(app, token);
  if (verified === null) throw new DomainError("link_invalid");
  const { userId, kind } = verified;
  if (kind) {
    // An account erased in the meantime has no choices left to change.
    const [member] = await app.db.select({ id: users.id }).from(users).where(eq(users.id, userId));
    if (!member) return verified;
    await app.db
      .insert(notificationSettings)
      .values({ userId, type: kind, email: false })
      .onConflictDoUpdate({ target: [notificationSettings.userId, notificationSettings.type], set: { email: false } });
  } else {
    await app.db
      .update(users)
      .set({ emailDisabledReason: "list_unsubscribe" })
      .where(and(eq(users.id, userId), isNull(users.emailDisabledReason)));
  }
  return verified;
}
