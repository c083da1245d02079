// How many members a broadcast reached: each member once, whether mail, push
// or both reached them, and never more than the audience it was sent to —
// the members it was counted for are the members it goes to. Each test's
// audience is a country of its own: files running beside it add members too.
import { eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { audienceSize, broadcastOf, sendBroadcast } from "#app/server/broadcasts/broadcasts.ts";
import { continueBroadcast, loadBroadcast, storeBroadcast } from "#app/server/broadcasts/progress.ts";
import { type BroadcastForm, broadcastSchema } from "#app/server/broadcasts/schema.ts";
import { broadcasts, devPushInbox, mailOutbox, pushSubscriptions } from "#app/server/db/schema.ts";
import { base64url } from "#app/server/http/base64.ts";
import { db, givenMember, givenOffersChoice, NOW } from "./fixtures.ts";
import { givenOperator } from "./operator-fixtures.ts";

const broadcast = (key: string, country: string) =>
  broadcastOf(
    broadcastSchema.parse({
      intent: "send",
      kind: "news",
      domain: "localhost",
      key,
      country,
      subject_nl: "Nieuw: videochat",
      body_nl: "Vanaf vandaag kun je videobellen.",
    }) as BroadcastForm,
  );

/** A member whose browser subscribed to push on the local push endpoint. */
async function subscribedMember(options: { email: boolean; country: string }) {
  const id = await givenMember({ country: options.country });
  await givenOffersChoice(id, { email: options.email, push: true });
  const pair = (await crypto.subtle.generateKey({ name: "ECDH", namedCurve: "P-256" }, true, [
    "deriveBits",
  ])) as CryptoKeyPair;
  const publicKey = new Uint8Array((await crypto.subtle.exportKey("raw", pair.publicKey)) as ArrayBuffer);
  await db.insert(pushSubscriptions).values({
    userId: id,
    endpoint: `http://localhost/dev/push/${token(id)}`,
    p256dh: base64url.encode(publicKey),
    auth: base64url.encode(crypto.getRandomValues(new Uint8Array(16))),
    createdAt: NOW,
  });
  return id;
}

const token = (member: number) => `broadcast-${member}`;
const mailsTo = (members: number[]) =>
  db
    .select()
    .from(mailOutbox)
    .where(
      inArray(
        mailOutbox.to,
        members.map((id) => `member${id}@test.example`),
      ),
    );
const pushesTo = (members: number[]) =>
  db
    .select()
    .from(devPushInbox)
    .where(inArray(devPushInbox.token, members.map(token)));

const stored = async (key: string) => (await db.select().from(broadcasts).where(eq(broadcasts.key, key)))[0]!;

describe("the members a broadcast reached", () => {
  it("counts a member reached by push alone in the audience, so the count never passes it", async () => {
    const admin = await givenOperator("admin");
    const members = [await givenMember({ country: "LU" }), await subscribedMember({ email: false, country: "LU" })];
    await givenOffersChoice(members[0]!); // news by mail, chosen
    const news = broadcast("push-alone-2026", "LU");

    const audience = await audienceSize(admin.app, news);
    const first = await sendBroadcast(admin.app, news);
    const row = await stored("push-alone-2026");
    expect(row.sent).toBeLessThanOrEqual(row.audienceSize);
    expect({ audience, sent: first.sent, stored: row.sent }).toEqual({ audience: 2, sent: 2, stored: 2 });
    expect(await pushesTo(members)).toHaveLength(1);
    expect(await mailsTo(members)).toHaveLength(1);
  });

  it("counts each member once when the console and the job send the same batch at once", async () => {
    const admin = await givenOperator("admin");
    const members: number[] = [];
    for (let i = 0; i < 6; i++) members.push(await subscribedMember({ email: true, country: "IS" }));
    const news = broadcast("at-once-2026", "IS");
    const audience = await audienceSize(admin.app, news);
    await storeBroadcast(admin.app, news, audience);
    const row = (await loadBroadcast(admin.app, "at-once-2026"))!;

    await Promise.all([1, 2, 3, 4].map(() => continueBroadcast(admin.app, row, 1)));
    const after = await stored("at-once-2026");
    expect(audience).toBe(6);
    expect(after.sent).toBe(audience);
    expect(await mailsTo(members)).toHaveLength(audience);
  });
});
