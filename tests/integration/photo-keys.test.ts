// A public photo's file is served from shared caches under its key. When the
// photo stops being public (made private, rejected by a moderator) or goes
// (deleted), its old key must stop serving: the photo gets a new, unguessable
// key (its files copied there, the old ones removed), the old URL answers 404
// from the Worker, and the old URLs are purged from Cloudflare's cache through
// its API (the fake checks the documented request). A purge Cloudflare refuses
// is retried by the per-minute outbox run.
import { env, SELF } from "cloudflare:test";
import { PhotonImage } from "@cf-wasm/photon/workerd";
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { cachePurges, photos, users } from "#app/server/db/schema.ts";
import { runOutbox } from "#app/server/jobs/outbox.ts";
import { createLogger } from "#app/server/log.ts";
import { deletePhoto, updatePhoto } from "#app/server/photos/manage.ts";
import { decidePhoto } from "#app/server/photos/moderation.ts";
import { uploadPhoto } from "#app/server/photos/upload.ts";
import { FAKE_ZONE, OTHER_FAKE_ZONE } from "#tests/fakes/cloudflare.ts";
import { appContext, db, givenAccount, NOW, sessionCookieFor, settleBackgroundWork } from "./fixtures.ts";
import { givenOperator } from "./operator-fixtures.ts";
import { cachePurgeVars, givenProviderFakes } from "./provider-fakes.ts";

afterEach(() => {
  vi.restoreAllMocks();
});

function picture(): Uint8Array {
  const [width, height] = [320, 240];
  const rgba = new Uint8Array(width * height * 4);
  for (let i = 0; i < width * height; i++) rgba.set([i % 251, (i >> 3) % 241, (i >> 7) % 239, 255], i * 4);
  const image = new PhotonImage(rgba, width, height);
  try {
    return image.get_bytes_jpeg(85);
  } finally {
    image.free();
  }
}

/** Domain calls of a Worker configured to purge three hosts in two zones. */
const purgingEnv = { ...env, ...cachePurgeVars };
const purgingApp = () => ({ ...appContext({ photo_moderation: "post" }), env: purgingEnv });
const owner = (id: number) => ({ id, paidUser: false });

async function rowOf(id: number) {
  const [row] = await db.select().from(photos).where(eq(photos.id, id));
  return row;
}

const get = (path: string, cookie?: string) =>
  SELF.fetch(`http://localhost${path}`, { headers: cookie ? { Cookie: cookie } : {} });

async function status(path: string, cookie?: string) {
  const response = await get(path, cookie);
  await response.arrayBuffer();
  return response.status;
}

/** The URLs of a key on every purged host, as Cloudflare is to be asked for them. */
const urlsOf = (host: string, keys: string[]) => keys.map((key) => `https://${host}/media/photos/${key}`);
function expectedPurges(keys: string[]) {
  return [
    { zoneId: FAKE_ZONE, files: [...urlsOf("example.test", keys), ...urlsOf("www.example.test", keys)] },
    { zoneId: OTHER_FAKE_ZONE, files: urlsOf("cdn.example.test", keys) },
  ];
}

/** A member with an active public photo, served from the public path; and a premium member. */
async function givenPublicPhoto() {
  const member = await givenAccount();
  const photo = await uploadPhoto(purgingApp(), owner(member), { bytes: picture(), private: false });
  const before = (await rowOf(photo.id))!;
  expect(await status(`/media/photos/${before.filename}`)).toBe(200);
  const premium = await givenAccount({ gender: "male" });
  await db.update(users).set({ paidUser: true }).where(eq(users.id, premium));
  return { member, photo, before, premiumCookie: await sessionCookieFor(premium) };
}

describe("the public path's cache lifetime", () => {
  it("lets browsers keep a public photo 5 minutes and shared caches under an hour in all", async () => {
    const { before } = await givenPublicPhoto();
    const response = await get(`/media/photos/${before.filename}`);
    await response.arrayBuffer();
    expect(response.headers.get("cache-control")).toBe("public, max-age=300, s-maxage=3300");
  });
});

describe("a public photo made private", () => {
  it("gets a new key: the old URLs answer 404, the new file serves its owner and premium members, and the old URLs are purged", async () => {
    const { cloudflare } = givenProviderFakes();
    const { member, photo, before, premiumCookie } = await givenPublicPhoto();
    const original = await (await env.PHOTOS.get(before.filename))!.arrayBuffer();

    await updatePhoto(purgingApp(), owner(member), photo.id, { isPrivate: true });

    const after = (await rowOf(photo.id))!;
    expect(after.isPrivate).toBe(true);
    expect(after.filename).not.toBe(before.filename);
    expect(after.thumbFilename).not.toBe(before.thumbFilename);
    expect(after.filename).toMatch(new RegExp(`^u/${member}/[A-Za-z0-9_-]{20,}\\.jpg$`));
    for (const key of [before.filename, before.thumbFilename]) {
      expect(await status(`/media/photos/${key}`), key).toBe(404);
      expect(await env.PHOTOS.head(key), key).toBeNull();
    }
    // The new key is private: never on the public path, through the private door to those who may see it.
    expect(await status(`/media/photos/${after.filename}`)).toBe(404);
    const ownerCookie = await sessionCookieFor(member);
    const own = await get(`/media/private/${photo.id}/full`, ownerCookie);
    expect(own.status).toBe(200);
    expect(new Uint8Array(await own.arrayBuffer())).toEqual(new Uint8Array(original));
    expect(await status(`/media/private/${photo.id}/thumb`, premiumCookie)).toBe(200);
    expect(await status(`/media/private/${photo.id}/full`)).toBe(404);

    expect(cloudflare.purges).toEqual(expectedPurges([before.filename, before.thumbFilename]));
    // Delivered: nothing waits in the queue.
    const queued = await db.select().from(cachePurges).where(eq(cachePurges.status, "queued"));
    expect(queued).toEqual([]);
  });

  it("made public again keeps its key, and asks for no purge", async () => {
    const { cloudflare } = givenProviderFakes();
    const { member, photo } = await givenPublicPhoto();
    await updatePhoto(purgingApp(), owner(member), photo.id, { isPrivate: true });
    const privateKey = (await rowOf(photo.id))!.filename;
    const purgesSoFar = cloudflare.purges.length;

    await updatePhoto(purgingApp(), owner(member), photo.id, { isPrivate: false });
    expect((await rowOf(photo.id))!.filename).toBe(privateKey);
    expect(await status(`/media/photos/${privateKey}`)).toBe(200);
    expect(cloudflare.purges).toHaveLength(purgesSoFar);
  });
});

describe("a public photo deleted", () => {
  it("answers 404 on its old URLs, and they are purged", async () => {
    const { cloudflare } = givenProviderFakes();
    const { member, photo, before } = await givenPublicPhoto();
    await deletePhoto(purgingApp(), owner(member), photo.id);
    for (const key of [before.filename, before.thumbFilename]) expect(await status(`/media/photos/${key}`)).toBe(404);
    expect(cloudflare.purges).toEqual(expectedPurges([before.filename, before.thumbFilename]));
  });
});

describe("a public photo a moderator rejects", () => {
  it("gets a new key its owner still sees, the old URLs answer 404, and they are purged", async () => {
    const { cloudflare } = givenProviderFakes();
    const { member, photo, before, premiumCookie } = await givenPublicPhoto();
    const moderator = await givenOperator("moderator");

    await decidePhoto(
      { ...moderator.app, env: purgingEnv },
      {
        photo: photo.id,
        decision: "reject",
        reasons: { ground: "terms", clause: "Terms 4.2", facts: "Messages asking members for money." },
      },
    );
    await settleBackgroundWork();

    const after = (await rowOf(photo.id))!;
    expect(after.status).toBe("rejected");
    expect(after.filename).not.toBe(before.filename);
    for (const key of [before.filename, before.thumbFilename]) expect(await status(`/media/photos/${key}`)).toBe(404);
    expect(await status(`/media/private/${photo.id}/full`, await sessionCookieFor(member))).toBe(200);
    expect(await status(`/media/private/${photo.id}/full`, premiumCookie)).toBe(404);
    expect(cloudflare.purges).toEqual(expectedPurges([before.filename, before.thumbFilename]));
  });
});

describe("a purge Cloudflare refuses", () => {
  it("stays queued and goes out with the per-minute outbox run", async () => {
    const { cloudflare } = givenProviderFakes();
    const { member, photo, before } = await givenPublicPhoto();
    cloudflare.failWith = 503;
    await updatePhoto(purgingApp(), owner(member), photo.id, { isPrivate: true });
    expect(cloudflare.purges).toEqual([]);
    // The photo is private all the same: the purge does not hold it back.
    expect(await status(`/media/photos/${before.filename}`)).toBe(404);
    expect(await db.select().from(cachePurges).where(eq(cachePurges.status, "queued"))).toHaveLength(2);

    cloudflare.failWith = null;
    await runOutbox({ db, env: purgingEnv, log: createLogger("test"), now: () => NOW + 10 * 60_000 });
    expect(cloudflare.purges).toEqual(expectedPurges([before.filename, before.thumbFilename]));
    expect(await db.select().from(cachePurges).where(eq(cachePurges.status, "queued"))).toEqual([]);
  });

  it("is not asked for on a Worker that purges no host (the shared lifetime heals it within the hour)", async () => {
    const { cloudflare } = givenProviderFakes();
    const member = await givenAccount();
    const photo = await uploadPhoto(appContext({ photo_moderation: "post" }), owner(member), {
      bytes: picture(),
      private: false,
    });
    await updatePhoto(appContext(), owner(member), photo.id, { isPrivate: true });
    expect(cloudflare.requests).toBe(0);
    expect(await db.select().from(cachePurges)).toEqual([]);
  });
});
