import { env, SELF } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { startConversation } from "#app/server/chat/conversations.ts";
import { photos, users } from "#app/server/db/schema.ts";
import { memberCards } from "#app/server/members/search.ts";
import { refreshSearchable } from "#app/server/members/searchable.ts";
import { listOwnPhotos } from "#app/server/photos/manage.ts";
import { appContext, db, givenAccount, givenMember, NOW, sessionCookieFor } from "./fixtures.ts";

const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"/>';

/** A seeded member's public photo: its file in R2 and its row in D1. */
async function givenSeedPhoto() {
  const owner = await givenMember();
  const key = `seed/${owner}-0-abc.svg`;
  await db.insert(photos).values({
    userId: owner,
    filename: key,
    thumbFilename: key,
    contentType: "image/svg+xml",
    status: "active",
    isPrivate: false,
    position: 0,
    createdAt: NOW,
  });
  await env.PHOTOS.put(key, svg, { httpMetadata: { contentType: "image/svg+xml" } });
  return key;
}

describe("GET /media/photos/<key>", () => {
  it("serves a photo from R2 with its type, a cache that lets go within the hour and a sandboxing CSP", async () => {
    const key = await givenSeedPhoto();
    const response = await SELF.fetch(`http://localhost/media/photos/${key}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/svg+xml");
    expect(response.headers.get("cache-control")).toBe("public, max-age=300, s-maxage=3300");
    expect(response.headers.get("content-security-policy")).toContain("sandbox");
    expect(await response.text()).toBe(svg);
  });

  it("answers 304 to a matching If-None-Match", async () => {
    const key = await givenSeedPhoto();
    const first = await SELF.fetch(`http://localhost/media/photos/${key}`);
    await first.arrayBuffer();
    const again = await SELF.fetch(`http://localhost/media/photos/${key}`, {
      headers: { "If-None-Match": first.headers.get("etag")! },
    });
    expect(again.status).toBe(304);
  });

  it("answers 404 for a missing photo or a path outside the bucket", async () => {
    expect((await SELF.fetch("http://localhost/media/photos/nope.svg")).status).toBe(404);
    expect((await SELF.fetch("http://localhost/media/photos/a/../b.svg")).status).toBe(404);
  });
});

describe("media is default deny", () => {
  const jpeg = new Uint8Array([0xff, 0xd8, 0xff, 0xd9]);

  it("never serves a chat photo through the public path, to anyone", async () => {
    const ann = await givenAccount({ name: "Ann" });
    const bob = await givenAccount({ name: "Bob", gender: "male" });
    const conversation = await startConversation(appContext(), { id: ann, paidUser: true }, bob);
    const key = `c/${conversation}/aB3dE5gH7jK9.jpg`;
    await env.PHOTOS.put(key, jpeg, { httpMetadata: { contentType: "image/jpeg" } });
    const annCookie = await sessionCookieFor(ann);
    for (const cookie of [null, annCookie]) {
      const response = await SELF.fetch(`http://localhost/media/photos/${key}`, {
        headers: cookie ? { Cookie: cookie } : {},
      });
      expect(response.status, cookie ? "a participant" : "a visitor").toBe(404);
      expect(response.headers.get("cache-control") ?? "").not.toContain("public");
    }
    // Its own door serves it to the conversation's members, never for shared caches.
    const own = await SELF.fetch(`http://localhost/media/chat/${conversation}/aB3dE5gH7jK9.jpg`, {
      headers: { Cookie: annCookie },
    });
    expect(own.status).toBe(200);
    expect(own.headers.get("cache-control")).toMatch(/^private/);
  });

  it("serves no key that no rule names, nor a profile photo's file without its row", async () => {
    for (const key of ["misc/secret.jpg", "exports/1.zip", "x.jpg", "u/5/orphan.jpg", "seed/7-0-orphan.svg"]) {
      await env.PHOTOS.put(key, jpeg, { httpMetadata: { contentType: "image/jpeg" } });
      const response = await SELF.fetch(`http://localhost/media/photos/${key}`);
      expect(response.status, key).toBe(404);
      await response.arrayBuffer();
    }
  });
});

describe("photos follow their owner's standing", () => {
  const standings = {
    banned: { status: "banned", bannedAt: NOW },
    invisible: { invisible: true },
    unconfirmed: { status: "not_confirmed" },
    deleted: { status: "deleted", deletedAt: NOW },
  } as const;

  /** A member with a public and a private photo, both in R2, whose account is then put in `standing`. */
  async function givenHiddenMember(standing: keyof typeof standings) {
    const owner = await givenAccount({ photos: [{}, { isPrivate: true }] });
    const rows = await db.select().from(photos).where(eq(photos.userId, owner));
    for (const row of rows) {
      for (const key of [row.filename, row.thumbFilename]) {
        await env.PHOTOS.put(key, svg, { httpMetadata: { contentType: "image/svg+xml" } });
      }
    }
    await db.batch([
      db.update(users).set(standings[standing]).where(eq(users.id, owner)),
      refreshSearchable(db, owner),
    ]);
    const publicPhoto = rows.find((row) => !row.isPrivate)!;
    const privatePhoto = rows.find((row) => row.isPrivate)!;
    return { owner, publicKey: publicPhoto.filename, privateId: privatePhoto.id, publicId: publicPhoto.id };
  }

  for (const standing of Object.keys(standings) as (keyof typeof standings)[]) {
    it(`serves no photo of a ${standing} member to a visitor or a premium member`, async () => {
      const { publicKey, privateId, publicId } = await givenHiddenMember(standing);
      const premium = await givenAccount({ gender: "male" });
      await db.update(users).set({ paidUser: true }).where(eq(users.id, premium));
      const premiumCookie = await sessionCookieFor(premium);
      for (const [who, cookie] of [
        ["a visitor", null],
        ["a premium member", premiumCookie],
      ] as const) {
        const headers: Record<string, string> = cookie ? { Cookie: cookie } : {};
        for (const path of [
          `/media/photos/${publicKey}`,
          `/media/private/${privateId}/full`,
          `/media/private/${publicId}/thumb`,
        ]) {
          const response = await SELF.fetch(`http://localhost${path}`, { headers });
          expect(response.status, `${path} to ${who}`).toBe(404);
          await response.arrayBuffer();
        }
      }
    });
  }

  it("still shows a hidden member their own photos, through the private door only", async () => {
    const { owner, publicKey, privateId, publicId } = await givenHiddenMember("invisible");
    const headers = { Cookie: await sessionCookieFor(owner) };
    const { photos: own } = await listOwnPhotos(appContext(), { id: owner, paidUser: false });
    expect(own.map((photo) => photo.url).sort()).toEqual(
      [`/media/private/${publicId}/full`, `/media/private/${privateId}/full`].sort(),
    );
    for (const id of [publicId, privateId]) {
      const response = await SELF.fetch(`http://localhost/media/private/${id}/full`, { headers });
      expect(response.status).toBe(200);
      expect(response.headers.get("cache-control")).toMatch(/^private/);
      await response.arrayBuffer();
    }
    // The public path's answer is cached for everyone: it serves no hidden member's photo, not even to its owner.
    const shared = await SELF.fetch(`http://localhost/media/photos/${publicKey}`, { headers });
    expect(shared.status).toBe(404);
    await shared.arrayBuffer();
  });

  it("shows no photo on a hidden member's card (a conversation list keeps their name)", async () => {
    const { owner } = await givenHiddenMember("banned");
    const cards = await memberCards(appContext(), [owner]);
    expect(cards.get(owner)?.photo).toBeNull();
  });
});
