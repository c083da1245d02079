// A like, match or message from a fictional profile says so wherever it
// reaches the member: the mail and the push name the profile with the
// domain's word for it in the member's language. Fictional profiles like
// members on their own only where the domain allows it (fictional_auto_like).
import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { findSessionMember, startSession } from "#app/server/accounts/session.ts";
import { devPushInbox, likes, pushSubscriptions, users } from "#app/server/db/schema.ts";
import { base64url } from "#app/server/http/base64.ts";
import { autoLike } from "#app/server/likes/auto-like.ts";
import { createLogger } from "#app/server/log.ts";
import { notifyLike, notifyNewMessage } from "#app/server/notifications/events.ts";
import type { PushMessage } from "#app/server/push/send.ts";
import { decryptPayload } from "../push-reader.ts";
import { appContext, db, givenAccount, mailsTo, NOW } from "./fixtures.ts";

const DAY = 86_400_000;
const notifying = () => ({ db, env, log: createLogger("test"), now: () => NOW });

/** A member away from the site, subscribed to pushes on the local endpoint, in `language`. */
async function givenAwayMember(email: string, language = "nl") {
  const id = await givenAccount({ email, lastActivity: NOW - DAY, gender: "male" });
  await db.update(users).set({ language }).where(eq(users.id, id));
  const pair = (await crypto.subtle.generateKey({ name: "ECDH", namedCurve: "P-256" }, true, [
    "deriveBits",
  ])) as CryptoKeyPair;
  const publicKey = new Uint8Array((await crypto.subtle.exportKey("raw", pair.publicKey)) as ArrayBuffer);
  const auth = crypto.getRandomValues(new Uint8Array(16));
  const token = `member-${id}-fictional`;
  await db.insert(pushSubscriptions).values({
    userId: id,
    endpoint: `http://localhost/dev/push/${token}`,
    p256dh: base64url.encode(publicKey),
    auth: base64url.encode(auth),
    createdAt: NOW,
  });
  const pushes = async () => {
    const rows = await db.select().from(devPushInbox).where(eq(devPushInbox.token, token));
    const receiver = { privateKey: pair.privateKey, publicKey, auth };
    return Promise.all(
      rows.map(
        async (row) =>
          JSON.parse(
            new TextDecoder().decode(await decryptPayload(base64url.decode(row.body), receiver)),
          ) as PushMessage,
      ),
    );
  };
  return { id, pushes };
}

describe("notifications from a fictional profile", () => {
  it("label a like in the mail and the push, in the member's language", async () => {
    const lisa = await givenAccount({ name: "Lisa", fictional: true });
    const daan = await givenAwayMember("daan@example.com");
    await notifyLike(notifying(), { likerId: lisa, likedId: daan.id, match: false });
    const [mail] = await mailsTo("daan@example.com");
    expect(mail!.subject).toContain("Lisa (fictief profiel)");
    expect(mail!.text).toContain("Lisa (fictief profiel)");
    const [push] = await daan.pushes();
    expect(push!.title).toContain("Lisa (fictief profiel)");
  });

  it("label a match and a message in French for a member who reads French", async () => {
    const lisa = await givenAccount({ name: "Lisa", fictional: true });
    const jean = await givenAwayMember("jean@example.com", "fr");
    await notifyLike(notifying(), { likerId: lisa, likedId: jean.id, match: true });
    const lastMessage = { kind: "text" as const, preview: "Salut Jean" };
    await notifyNewMessage(notifying(), {
      conversationId: 9,
      senderId: lisa,
      recipientId: jean.id,
      seq: 1,
      lastMessage,
    });
    const mails = await mailsTo("jean@example.com");
    expect(mails.map((m) => m.template).sort()).toEqual(["match", "new_conversation"]);
    for (const mail of mails) expect(mail.subject).toContain("Lisa (profil fictif)");
    for (const push of await jean.pushes()) expect(push.title).toContain("Lisa (profil fictif)");
  });

  it("leave a real member's name as it is", async () => {
    const bea = await givenAccount({ name: "Bea" });
    await givenAwayMember("kees@example.com");
    const [kees] = await db.select().from(users).where(eq(users.email, "kees@example.com"));
    await notifyLike(notifying(), { likerId: bea, likedId: kees!.id, match: false });
    const [mail] = await mailsTo("kees@example.com");
    expect(mail!.subject).toContain("Bea");
    expect(mail!.subject).not.toContain("(");
  });
});

describe("auto-like", () => {
  async function newcomer() {
    const ann = await givenAccount({ gender: "female" });
    await givenAccount({ name: "Tom", gender: "male", fictional: true, photos: [{}] });
    const { token, statement } = await startSession(db, { userId: ann, now: NOW });
    await statement;
    const member = (await findSessionMember(db, token, NOW))!;
    return { ann, member: { ...member, profile: { ...member.profile, seeking: "male" as const } } };
  }

  it("does not like where the domain has fictional_auto_like off", async () => {
    const { ann, member } = await newcomer();
    expect(await autoLike(appContext({ fictional_auto_like: false }), member)).toBeNull();
    expect(await db.select().from(likes).where(eq(likes.likedId, ann))).toHaveLength(0);
  });

  it("likes where it is on, and the like says it comes from a fictional profile", async () => {
    const { ann, member } = await newcomer();
    const like = await autoLike(appContext({ fictional_auto_like: true }), member);
    expect(like).toMatchObject({ name: "Tom", fictional: true });
    expect(await db.select().from(likes).where(eq(likes.likedId, ann))).toHaveLength(1);
  });
});
