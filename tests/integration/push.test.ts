// Web Push and notifications: VAPID signing and aes128gcm payload
// encryption with WebCrypto (RFC 8291's own example), subscriptions through
// /api/user.php?push=1, expired subscriptions removed, each member's
// notification choices respected, and the hourly cron with injected time.
import { createExecutionContext, createScheduledController, env, SELF, waitOnExecutionContext } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import type { NotificationType } from "#app/schemas/enums.ts";
import { ConfigError } from "#app/server/config/env.ts";
import {
  conversationParticipants,
  conversations,
  devPushInbox,
  notificationSettings,
  pushSubscriptions,
} from "#app/server/db/schema.ts";
import { base64url } from "#app/server/http/base64.ts";
import { createLogger } from "#app/server/log.ts";
import { notifyLike, notifyNewMessage } from "#app/server/notifications/events.ts";
import { encryptPayload } from "#app/server/push/encryption.ts";
import { importPrivateKey, vapidKeys } from "#app/server/push/keys.ts";
import { type PushMessage, sendPush } from "#app/server/push/send.ts";
import {
  VAPID_TOKEN_SECONDS,
  vapidAuthorization,
  vapidToken,
  verifyVapidAuthorization,
} from "#app/server/push/vapid.ts";
import { scheduled } from "#workers/scheduled.ts";
import { decryptPayload } from "../push-reader.ts";
import { db, givenAccount, mailsTo, NOW, PASSWORD } from "./fixtures.ts";

/** The test Worker's variables (.dev.vars.example, with a key pair generated for the run). */
const localVars = env as unknown as Record<string, string>;

const BASE = "http://localhost";
const DAY = 86_400_000;
const encoder = new TextEncoder();
const decoder = new TextDecoder();

function call(method: string, path: string, init: { body?: unknown; cookie?: string } = {}) {
  return SELF.fetch(BASE + path, {
    method,
    headers: {
      "X-Requested-With": "XMLHttpRequest",
      Origin: BASE,
      ...(init.body !== undefined ? { "Content-Type": "application/json" } : {}),
      ...(init.cookie ? { Cookie: init.cookie } : {}),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
}

async function login(email: string) {
  const response = await call("POST", "/api/user.php", { body: { email, password: PASSWORD } });
  return response.headers
    .getSetCookie()
    .find((c) => c.startsWith("session="))!
    .split(";")[0]!;
}

/** What a browser holds for one push subscription: its ECDH key pair and auth secret. */
async function browserKeys() {
  const pair = (await crypto.subtle.generateKey({ name: "ECDH", namedCurve: "P-256" }, true, [
    "deriveBits",
  ])) as CryptoKeyPair;
  const publicKey = new Uint8Array((await crypto.subtle.exportKey("raw", pair.publicKey)) as ArrayBuffer);
  const auth = crypto.getRandomValues(new Uint8Array(16));
  return {
    receiver: { privateKey: pair.privateKey, publicKey, auth },
    keys: { p256dh: base64url.encode(publicKey), auth: base64url.encode(auth) },
  };
}

const pushApp = (now = NOW, fetcher?: typeof fetch) => ({
  db,
  env,
  log: createLogger("test"),
  now: () => now,
  ...(fetcher ? { fetch: fetcher } : {}),
});

const message: PushMessage = {
  type: "new_message",
  title: "Nieuw bericht van Daan",
  body: "Open het gesprek",
  url: "/chats/1",
  tag: "conversation-1",
  badge: 3,
};

/** A member subscribed on the local push endpoint, with the keys to read what arrives there. */
async function givenSubscribedMember(input: Parameters<typeof givenAccount>[0] = {}) {
  const id = await givenAccount(input);
  const browser = await browserKeys();
  const token = `member-${id}-${Math.random().toString(36).slice(2, 10)}`;
  const endpoint = `${BASE}/dev/push/${token}`;
  await db.insert(pushSubscriptions).values({ userId: id, endpoint, ...browser.keys, createdAt: NOW });
  return { id, token, endpoint, browser };
}

/** The pushes the local push endpoint received for a token, decrypted as the browser would. */
async function received(token: string, receiver: Awaited<ReturnType<typeof browserKeys>>["receiver"]) {
  const rows = await db.select().from(devPushInbox).where(eq(devPushInbox.token, token));
  return Promise.all(
    rows.map(
      async (row) =>
        JSON.parse(decoder.decode(await decryptPayload(base64url.decode(row.body), receiver))) as PushMessage,
    ),
  );
}

async function turnOff(userId: number, type: NotificationType, channels: { email?: boolean; push?: boolean }) {
  await db
    .insert(notificationSettings)
    .values({ userId, type, email: channels.email ?? true, push: channels.push ?? true })
    .onConflictDoUpdate({
      target: [notificationSettings.userId, notificationSettings.type],
      set: { email: channels.email ?? true, push: channels.push ?? true },
    });
}

describe("payload encryption (RFC 8291, aes128gcm)", () => {
  // RFC 8291 Appendix A: keys, salt and auth secret of the example, and its exact message.
  const rfc = {
    plaintext: "When I grow up, I want to be a watermelon",
    asPrivate: "yfWPiYE-n46HLnH0KqZOF1fJJU3MYrct3AELtAQ-oRw",
    asPublic: "BP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A8",
    uaPrivate: "q1dXpw3UpT5VOmu_cf_v6ih07Aems3njxI-JWgLcM94",
    uaPublic: "BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4",
    salt: "DGv6ra1nlYgDCS1FRnbzlw",
    auth: "BTBZMqHH6r4Tts7J_aSIgg",
    body:
      "DGv6ra1nlYgDCS1FRnbzlwAAEABBBP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A_" +
      "yl95bQpu6cVPTpK4Mqgkf1CXztLVBSt2Ks3oZwbuwXPXLWyouBWLVWGNWQexSgSxsj_Qulcy4a-fN",
  };
  const ecdh = { name: "ECDH", namedCurve: "P-256" } as const;

  it("produces the RFC's example message byte for byte from its keys and salt", async () => {
    // The salt and the sender's key pair are fresh per message: here they are the RFC's.
    const senderKeys = {
      privateKey: await importPrivateKey(rfc.asPrivate, rfc.asPublic, ecdh, ["deriveBits"]),
      publicKey: await crypto.subtle.importKey("raw", new Uint8Array(base64url.decode(rfc.asPublic)), ecdh, true, []),
    };
    const salt = vi.spyOn(crypto, "getRandomValues").mockReturnValueOnce(new Uint8Array(base64url.decode(rfc.salt)));
    const keyPair = vi.spyOn(crypto.subtle, "generateKey").mockResolvedValueOnce(senderKeys);
    try {
      const body = await encryptPayload(encoder.encode(rfc.plaintext), { p256dh: rfc.uaPublic, auth: rfc.auth });
      expect(base64url.encode(body)).toBe(rfc.body);
    } finally {
      salt.mockRestore();
      keyPair.mockRestore();
    }
  });

  it("reads the RFC's example message with the browser's private key", async () => {
    const receiver = {
      privateKey: await importPrivateKey(rfc.uaPrivate, rfc.uaPublic, ecdh, ["deriveBits"]),
      publicKey: base64url.decode(rfc.uaPublic),
      auth: base64url.decode(rfc.auth),
    };
    expect(decoder.decode(await decryptPayload(base64url.decode(rfc.body), receiver))).toBe(rfc.plaintext);
  });

  it("uses a fresh key pair and salt for every message, and refuses what does not fit one record", async () => {
    const { receiver, keys } = await browserKeys();
    const first = await encryptPayload(encoder.encode("hallo"), keys);
    const second = await encryptPayload(encoder.encode("hallo"), keys);
    expect(base64url.encode(first.slice(0, 16))).not.toBe(base64url.encode(second.slice(0, 16)));
    expect(base64url.encode(first.slice(21, 86))).not.toBe(base64url.encode(second.slice(21, 86)));
    expect(decoder.decode(await decryptPayload(second, receiver))).toBe("hallo");
    await expect(encryptPayload(new Uint8Array(4000), keys)).rejects.toThrow(/maximum is 3993/);
    await expect(encryptPayload(new Uint8Array(3993), keys)).resolves.toHaveLength(4096);
  });
});

describe("VAPID (RFC 8292)", () => {
  const endpoint = "https://fcm.googleapis.com/fcm/send/some-browser";

  it("signs an ES256 JWT for the push service's origin that verifies with the public key", async () => {
    const keys = await vapidKeys(env);
    expect(keys.publicKey).toBe(localVars.VAPID_PUBLIC_KEY);
    const token = await vapidToken(keys, endpoint, NOW);
    const [head, claims, signature] = token.split(".") as [string, string, string];
    expect(JSON.parse(decoder.decode(base64url.decode(head)))).toEqual({ typ: "JWT", alg: "ES256" });
    expect(JSON.parse(decoder.decode(base64url.decode(claims)))).toEqual({
      aud: "https://fcm.googleapis.com",
      exp: NOW / 1000 + VAPID_TOKEN_SECONDS,
      sub: localVars.VAPID_SUBJECT,
    });
    const verifier = await crypto.subtle.importKey(
      "raw",
      new Uint8Array(base64url.decode(keys.publicKey)),
      { name: "ECDSA", namedCurve: "P-256" },
      false,
      ["verify"],
    );
    const signed = encoder.encode(`${head}.${claims}`);
    const bytes = new Uint8Array(base64url.decode(signature));
    expect(bytes.length).toBe(64);
    expect(await crypto.subtle.verify({ name: "ECDSA", hash: "SHA-256" }, verifier, bytes, signed)).toBe(true);
    bytes[10]! ^= 1;
    expect(await crypto.subtle.verify({ name: "ECDSA", hash: "SHA-256" }, verifier, bytes, signed)).toBe(false);
  });

  it("is what a push service accepts, and not for another origin, after it expires or signed by another key", async () => {
    const keys = await vapidKeys(env);
    const header = await vapidAuthorization(keys, endpoint, NOW);
    expect(await verifyVapidAuthorization(header, "https://fcm.googleapis.com", NOW)).toMatchObject({ ok: true });
    expect(await verifyVapidAuthorization(header, "https://push.services.mozilla.com", NOW)).toEqual({
      ok: false,
      reason: "wrong audience",
    });
    expect(await verifyVapidAuthorization(header, "https://fcm.googleapis.com", NOW + 13 * 3_600_000)).toEqual({
      ok: false,
      reason: "expired or too far ahead",
    });
    const other = (await crypto.subtle.generateKey({ name: "ECDSA", namedCurve: "P-256" }, true, [
      "sign",
    ])) as CryptoKeyPair;
    const forged = await vapidAuthorization({ ...keys, signingKey: other.privateKey }, endpoint, NOW);
    expect(await verifyVapidAuthorization(forged, "https://fcm.googleapis.com", NOW)).toEqual({
      ok: false,
      reason: "bad signature",
    });
  });

  it("is never a pair from the repo: without the Worker's own pair nothing is signed", async () => {
    const { VAPID_PUBLIC_KEY: _, VAPID_PRIVATE_KEY: __, ...withoutPair } = localVars;
    await expect(vapidKeys(withoutPair as unknown as Env)).rejects.toThrow(ConfigError);
  });
});

describe("subscriptions (POST and DELETE /api/user.php?push=1)", () => {
  it("stores the browser's subscription for the member and removes it when push is switched off", async () => {
    const id = await givenAccount({ email: "ann@example.com" });
    const cookie = await login("ann@example.com");
    const { keys } = await browserKeys();
    const subscription = { endpoint: "https://fcm.googleapis.com/fcm/send/ann-phone", keys };

    expect((await call("POST", "/api/user.php?push=1", { body: { subscription }, cookie })).status).toBe(201);
    const rows = await db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, id));
    expect(rows).toMatchObject([{ endpoint: subscription.endpoint, p256dh: keys.p256dh, auth: keys.auth }]);
    const state = (await (await call("GET", "/api/push.php", { cookie })).json()) as Record<string, unknown>;
    expect(state).toEqual({ publicKey: localVars.VAPID_PUBLIC_KEY, endpoints: [subscription.endpoint] });

    const off = await call("DELETE", "/api/user.php?push=1", { body: { endpoint: subscription.endpoint }, cookie });
    expect(off.status).toBe(200);
    expect(await db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, id))).toEqual([]);
  });

  it("moves a browser's subscription to the member who logs in on it next", async () => {
    const ann = await givenAccount({ email: "ann@example.com" });
    const bob = await givenAccount({ email: "bob@example.com" });
    const { keys } = await browserKeys();
    const subscription = { endpoint: "https://fcm.googleapis.com/fcm/send/shared-tablet", keys };
    await call("POST", "/api/user.php?push=1", { body: { subscription }, cookie: await login("ann@example.com") });
    await call("POST", "/api/user.php?push=1", { body: { subscription }, cookie: await login("bob@example.com") });
    const rows = await db.select().from(pushSubscriptions);
    expect(rows.map((r) => r.userId)).toEqual([bob]);
    expect(rows.map((r) => r.userId)).not.toContain(ann);
  });

  it("refuses an endpoint that is no browser push service, so the server never posts elsewhere", async () => {
    await givenAccount({ email: "ann@example.com" });
    const cookie = await login("ann@example.com");
    const { keys } = await browserKeys();
    for (const endpoint of ["https://attacker.example/collect", "https://fcm.googleapis.com:8443/x"]) {
      const response = await call("POST", "/api/user.php?push=1", {
        body: { subscription: { endpoint, keys } },
        cookie,
      });
      expect(response.status).toBe(400);
    }
    expect(await db.select().from(pushSubscriptions)).toEqual([]);
  });
});

describe("sending a push", () => {
  it("delivers an encrypted, VAPID-signed message the browser can read to the local push endpoint", async () => {
    const member = await givenSubscribedMember();
    const subscription = { endpoint: member.endpoint, ...member.browser.keys };
    expect(await sendPush(pushApp(), subscription, message, { ttl: 60, urgency: "high", topic: "c1" })).toBe("sent");
    const [row] = await db.select().from(devPushInbox).where(eq(devPushInbox.token, member.token));
    expect(row!.headers).toMatchObject({ ttl: "60", urgency: "high", topic: "c1", "content-encoding": "aes128gcm" });
    expect(await received(member.token, member.browser.receiver)).toEqual([message]);
  });

  it("removes a subscription the push service says is gone (410 from the local endpoint)", async () => {
    const member = await givenSubscribedMember();
    const gone = `${BASE}/dev/push/gone-${member.id}-expired`;
    await db
      .insert(pushSubscriptions)
      .values({ userId: member.id, endpoint: gone, ...member.browser.keys, createdAt: NOW });
    expect(await sendPush(pushApp(), { endpoint: gone, ...member.browser.keys }, message, { ttl: 60 })).toBe("gone");
    const left = await db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, member.id));
    expect(left.map((s) => s.endpoint)).toEqual([member.endpoint]);
  });

  it("removes a subscription on a 404 from a real push service, and tries a 5xx once more", async () => {
    const id = await givenAccount();
    const { keys } = await browserKeys();
    const endpoint = "https://fcm.googleapis.com/fcm/send/old-phone";
    await db.insert(pushSubscriptions).values({ userId: id, endpoint, ...keys, createdAt: NOW });
    const requests: Request[] = [];
    const answers = [503, 201, 404];
    const service = (async (input: RequestInfo | URL, init?: RequestInit) => {
      requests.push(new Request(input, init));
      return new Response(null, { status: answers.shift() });
    }) as typeof fetch;

    expect(await sendPush(pushApp(NOW, service), { endpoint, ...keys }, message, { ttl: 60 })).toBe("sent");
    expect(requests).toHaveLength(2);
    const check = await verifyVapidAuthorization(
      requests[0]!.headers.get("authorization"),
      "https://fcm.googleapis.com",
      NOW,
    );
    expect(check).toMatchObject({ ok: true, publicKey: localVars.VAPID_PUBLIC_KEY });
    expect(await db.select().from(pushSubscriptions)).toHaveLength(1);

    expect(await sendPush(pushApp(NOW, service), { endpoint, ...keys }, message, { ttl: 60 })).toBe("gone");
    expect(await db.select().from(pushSubscriptions)).toEqual([]);
  });
});

describe("notification preferences", () => {
  const senderName = "Daan";

  it("pushes and mails a new conversation to a member away from the site", async () => {
    const sender = await givenAccount({ name: senderName });
    const member = await givenSubscribedMember({ email: "away@example.com", lastActivity: NOW - DAY });
    const sent = await notifyNewMessage(pushApp(), {
      conversationId: 7,
      senderId: sender,
      recipientId: member.id,
      seq: 1,
      lastMessage: { kind: "text", preview: "Hoi" },
    });
    expect(sent).toEqual({ push: 1, email: true });
    const [push] = await received(member.token, member.browser.receiver);
    expect(push).toMatchObject({ type: "new_conversation", url: "/chats/7", tag: "conversation-7" });
    expect(push!.title).toContain(senderName);
    expect((await mailsTo("away@example.com")).map((m) => m.template)).toEqual(["new_conversation"]);
  });

  it("sends no push to a member who turned pushes for messages off, and no mail to one who turned mail off", async () => {
    const sender = await givenAccount({ name: senderName });
    const noPush = await givenSubscribedMember({ email: "nopush@example.com", lastActivity: NOW - DAY });
    const noMail = await givenSubscribedMember({ email: "nomail@example.com", lastActivity: NOW - DAY });
    await turnOff(noPush.id, "new_message", { push: false });
    await turnOff(noMail.id, "new_message", { email: false });

    const toNoPush = await notifyNewMessage(pushApp(), {
      conversationId: 8,
      senderId: sender,
      recipientId: noPush.id,
      seq: 4,
      lastMessage: { kind: "text", preview: "Hoi" },
    });
    const toNoMail = await notifyNewMessage(pushApp(), {
      conversationId: 9,
      senderId: sender,
      recipientId: noMail.id,
      seq: 4,
      lastMessage: { kind: "text", preview: "Hoi" },
    });

    expect(toNoPush).toEqual({ push: 0, email: true });
    expect(await received(noPush.token, noPush.browser.receiver)).toEqual([]);
    expect(toNoMail).toEqual({ push: 1, email: false });
    expect(await mailsTo("nomail@example.com")).toEqual([]);
  });

  it("carries the message itself as lastMessage, as the room tells it: the text's start, or the kind of a photo", async () => {
    const sender = await givenAccount({ name: senderName });
    const member = await givenSubscribedMember({ lastActivity: NOW - DAY });
    // Nothing of the messages in D1: the room that delivered them says what they were.
    const sent = [
      { seq: 1, lastMessage: { kind: "text" as const, preview: "Zin in koffie?" } },
      { seq: 2, lastMessage: { kind: "photo" as const, preview: "" } },
    ];
    for (const message of sent) {
      await notifyNewMessage(pushApp(), { conversationId: 11, senderId: sender, recipientId: member.id, ...message });
    }
    const pushes = await received(member.token, member.browser.receiver);
    expect(pushes.map((p) => p.lastMessage)).toEqual(sent.map((m) => m.lastMessage));
  });

  it("keeps likes quiet for a member who turned likes off on both channels", async () => {
    const liker = await givenAccount({ name: senderName });
    const member = await givenSubscribedMember({ email: "nolikes@example.com", lastActivity: NOW - DAY });
    await turnOff(member.id, "like", { email: false, push: false });
    expect(await notifyLike(pushApp(), { likerId: liker, likedId: member.id, match: false })).toEqual({
      push: 0,
      email: false,
    });
    expect(await received(member.token, member.browser.receiver)).toEqual([]);
    expect(await mailsTo("nolikes@example.com")).toEqual([]);
  });
});

describe("the hourly cron (scheduled notifications with injected time)", () => {
  /** A member with 2 messages unread for two days, last on the site two days ago. */
  async function givenUnreadWaiting(email: string) {
    const other = await givenAccount({ name: "Daan" });
    const member = await givenSubscribedMember({ email, lastActivity: NOW - 2 * DAY });
    const [conversation] = await db
      .insert(conversations)
      .values({
        memberLow: Math.min(other, member.id),
        memberHigh: Math.max(other, member.id),
        lastSeq: 2,
        createdAt: NOW - 3 * DAY,
      })
      .returning();
    await db.insert(conversationParticipants).values([
      { conversationId: conversation!.id, userId: member.id, unreadCount: 2, lastMessageAt: NOW - 2 * DAY },
      { conversationId: conversation!.id, userId: other, unreadCount: 0, lastMessageAt: NOW - 2 * DAY },
    ]);
    return member;
  }

  async function runCron(at: number) {
    const ctx = createExecutionContext();
    await scheduled(createScheduledController({ scheduledTime: at, cron: "17 * * * *" }), env, ctx);
    await waitOnExecutionContext(ctx);
  }

  const reminders = async (email: string) =>
    (await mailsTo(email)).filter((m) => m.template === "unread_message_reminder");

  it("reminds of unread messages in the member's daytime, once, by push and mail", async () => {
    const member = await givenUnreadWaiting("waiting@example.com");
    // 02:17 in the Netherlands: night, nothing goes out.
    await runCron(Date.UTC(2026, 10, 23, 1, 17));
    expect(await reminders("waiting@example.com")).toEqual([]);

    // 13:17 there: the reminder, with the number of unread messages.
    await runCron(Date.UTC(2026, 10, 23, 12, 17));
    const [mail] = await reminders("waiting@example.com");
    expect(mail!.status).toBe("sent");
    const pushes = (await received(member.token, member.browser.receiver)).filter(
      (p) => p.type === "unread_message_reminder",
    );
    expect(pushes).toHaveLength(1);
    expect(pushes[0]!.body).toContain("2");

    // An hour later the same reminder is not sent again.
    await runCron(Date.UTC(2026, 10, 23, 13, 17));
    expect(await reminders("waiting@example.com")).toHaveLength(1);
  });

  it("sends no reminder to a member who turned unread reminders off", async () => {
    const member = await givenUnreadWaiting("quiet@example.com");
    await turnOff(member.id, "unread_message_reminder", { email: false, push: false });
    await runCron(Date.UTC(2026, 10, 23, 12, 17));
    expect(await reminders("quiet@example.com")).toEqual([]);
    const pushes = await received(member.token, member.browser.receiver);
    expect(pushes.filter((p) => p.type === "unread_message_reminder")).toEqual([]);
  });
});
