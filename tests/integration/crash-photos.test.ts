// A profile photo lives in two stores: its files in R2, its row in D1. These
// tests stop the server between the two writes (on the way in, on the way
// out, and on the way to new keys when it stops being public) and check that
// what is left settles by itself: after the hourly job every file under the
// member's folder is named by a photos row, every row's files exist, and
// nothing stays on record as unclaimed.
import { env, SELF } from "cloudflare:test";
import { PhotonImage } from "@cf-wasm/photon/workerd";
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { armCrash, SimulatedCrash } from "#app/server/crash-points.ts";
import { createDb } from "#app/server/db/client.ts";
import { photos, unclaimedFiles } from "#app/server/db/schema.ts";
import { runHourly } from "#app/server/jobs/hourly.ts";
import { runOutbox } from "#app/server/jobs/outbox.ts";
import { createLogger } from "#app/server/log.ts";
import { deletePhoto, updatePhoto } from "#app/server/photos/manage.ts";
import { uploadPhoto } from "#app/server/photos/upload.ts";
import { type Fault, faultyD1 } from "./faulty-d1.ts";
import { appContext, db, givenMember, NOW } from "./fixtures.ts";
import { cachePurgeVars, givenProviderFakes } from "./provider-fakes.ts";

const MINUTE = 60_000;
/** How long the hourly job leaves unclaimed files alone (an upload may still be under way). */
const GRACE = 15 * MINUTE;

/** A JPEG with some detail in it, big enough to be accepted. */
function picture(): Uint8Array {
  const [width, height] = [400, 300];
  const rgba = new Uint8Array(width * height * 4);
  for (let i = 0; i < width * height; i++) rgba.set([i % 251, (i >> 4) % 241, (i >> 8) % 239, 255], i * 4);
  const image = new PhotonImage(rgba, width, height);
  try {
    return image.get_bytes_jpeg(85);
  } finally {
    image.free();
  }
}

const owner = (id: number) => ({ id, paidUser: false });
const upload = (app: Parameters<typeof uploadPhoto>[0], member: number) =>
  uploadPhoto(app, owner(member), { bytes: picture(), private: false });
/** What the operation threw (null when it went through). */
const thrown = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: unknown) => error,
  );
const hourly = (now: number) => runHourly({ db, env, log: createLogger("test"), now: () => now });

async function filesOf(member: number) {
  return (await env.PHOTOS.list({ prefix: `u/${member}/` })).objects.map((o) => o.key).sort();
}
async function rowsOf(member: number) {
  return db
    .select({ id: photos.id, filename: photos.filename, thumb: photos.thumbFilename })
    .from(photos)
    .where(eq(photos.userId, member));
}
async function unclaimed() {
  return (await db.select({ key: unclaimedFiles.key }).from(unclaimedFiles)).map((r) => r.key).sort();
}

/** The invariant: each file in the member's folder is named by a row, each row's files exist, none is on record. */
async function expectSettled(member: number) {
  const named = new Set((await rowsOf(member)).flatMap((row) => [row.filename, row.thumb]));
  const orphans = (await filesOf(member)).filter((key) => !named.has(key));
  expect(orphans, "files in R2 that no photos row names").toEqual([]);
  const missing = [];
  for (const key of named) if (!(await env.PHOTOS.head(key))) missing.push(key);
  expect(missing, "files photos rows name that are not in R2").toEqual([]);
  expect(await unclaimed(), "unclaimed files on record").toEqual([]);
}

/**
 * The bindings of a server that dies at a moment the test picks (after its
 * n-th R2 put, or its n-th D1 batch): that call completes, every D1 or R2 call
 * after it fails, as nothing runs after a crash. Code that has no crash point
 * there would go on to its clean-up; with these bindings it cannot, so it is
 * caught in the state a real crash leaves.
 */
function dyingServer(dies: { afterPuts: number } | { afterBatches: number }, now = NOW, vars = {}) {
  let dead = false;
  let puts = 0;
  let batches = 0;
  const gone = () => new Error("the server is gone");
  const bucket = new Proxy(env.PHOTOS, {
    get(target, prop) {
      const value = Reflect.get(target, prop) as unknown;
      if (typeof value !== "function") return value;
      return async (...args: unknown[]) => {
        if (dead) throw gone();
        const result: unknown = await (value as (...a: unknown[]) => Promise<unknown>).apply(target, args);
        if (prop === "put" && "afterPuts" in dies && ++puts === dies.afterPuts) dead = true;
        return result;
      };
    },
  });
  const d1 = new Proxy(env.DB, {
    get(target, prop) {
      const value = Reflect.get(target, prop) as unknown;
      if (typeof value !== "function") return value;
      if (prop === "batch") {
        return async (statements: D1PreparedStatement[]) => {
          if (dead) throw gone();
          const result = await target.batch(statements);
          if ("afterBatches" in dies && ++batches === dies.afterBatches) dead = true;
          return result;
        };
      }
      return (...args: unknown[]) => {
        if (dead) throw gone();
        return (value as (...a: unknown[]) => unknown).apply(target, args);
      };
    },
  });
  return { ...appContext({}, now), db: createDb(d1), env: { ...env, ...vars, PHOTOS: bucket } };
}

describe("a photo upload cut short", () => {
  it("after its files are stored: the files stay on record, and the hourly job removes them", async () => {
    const member = await givenMember();
    armCrash("photo:files-stored");
    const error = await thrown(upload(dyingServer({ afterPuts: 2 }), member));
    expect(error).toBeInstanceOf(Error);

    // Half done: two files in R2, no row to own them.
    expect(await filesOf(member)).toHaveLength(2);
    expect(await rowsOf(member)).toEqual([]);

    await hourly(NOW + GRACE + MINUTE);
    await expectSettled(member);
    expect(await filesOf(member)).toEqual([]);
    // It was the crash point that stopped the upload (the bindings died with it).
    expect(error).toBeInstanceOf(SimulatedCrash);
  });

  it("the hourly job leaves an upload still under way alone, and clears one that died long ago", async () => {
    const member = await givenMember();
    armCrash("photo:files-stored");
    expect(await thrown(upload(dyingServer({ afterPuts: 2 }, NOW - 20 * MINUTE), member))).toBeInstanceOf(Error);

    // A second upload, started at NOW, waits between its R2 writes and its row.
    let release = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    let stored = () => {};
    const filesStored = new Promise<void>((resolve) => (stored = resolve));
    let puts = 0;
    const slowBucket = new Proxy(env.PHOTOS, {
      get(target, prop) {
        const value = Reflect.get(target, prop) as unknown;
        if (typeof value !== "function") return value;
        const call = (...args: unknown[]) => (value as (...a: unknown[]) => Promise<unknown>).apply(target, args);
        if (prop !== "put") return call;
        return async (...args: unknown[]) => {
          const result = await call(...args);
          if (++puts === 2) stored();
          await gate;
          return result;
        };
      },
    });
    const underWay = upload({ ...appContext(), env: { ...env, PHOTOS: slowBucket } }, member);
    await filesStored;
    expect(await filesOf(member)).toHaveLength(4);

    // 14 minutes into the second upload, 34 into the first.
    await hourly(NOW + 14 * MINUTE);
    release();
    const photo = await underWay;

    const rows = await rowsOf(member);
    expect(rows.map((row) => row.id)).toEqual([photo.id]);
    expect(await filesOf(member)).toEqual([rows[0]!.filename, rows[0]!.thumb].sort());
    await expectSettled(member);
  });

  it.each<Fault>([
    { on: "batch", when: "before", times: 1 },
    { on: "batch", when: "after", times: 1 },
  ])("when D1 fails $when writing the row: the row has its files, or neither is left", async (fault) => {
    const member = await givenMember();
    const broken = { ...appContext(), db: createDb(faultyD1(env.DB, { ...fault })) };
    expect(await thrown(upload(broken, member))).toBeInstanceOf(Error);

    // Right away, without the hourly job.
    expect(await rowsOf(member)).toHaveLength(fault.when === "after" ? 1 : 0);
    await expectSettled(member);
  });

  it("refused inside the batch (another upload took the last place): no files and no record are left", async () => {
    const member = await givenMember();
    const app = appContext();
    await upload(app, member);
    await upload(app, member);
    // The third upload passes the first check; while its files are written, another one takes the last place.
    let rivalDone = false;
    const racingBucket = new Proxy(env.PHOTOS, {
      get(target, prop) {
        const value = Reflect.get(target, prop) as unknown;
        if (typeof value !== "function") return value;
        const call = (...args: unknown[]) => (value as (...a: unknown[]) => Promise<unknown>).apply(target, args);
        if (prop !== "put") return call;
        return async (...args: unknown[]) => {
          if (!rivalDone) {
            rivalDone = true;
            await upload(app, member);
          }
          return call(...args);
        };
      },
    });
    const error = await thrown(upload({ ...app, env: { ...env, PHOTOS: racingBucket } }, member));
    expect(error).toMatchObject({ code: "photo_limit" });
    expect(await rowsOf(member)).toHaveLength(3);
    await expectSettled(member);
  });
});

describe("a photo removal cut short", () => {
  it("after its row is deleted: the files stay on record, and the hourly job removes them", async () => {
    const member = await givenMember();
    const gone = await upload(appContext(), member);
    const kept = await upload(appContext(), member);

    armCrash("photo:row-deleted");
    const error = await thrown(deletePhoto(dyingServer({ afterBatches: 1 }), owner(member), gone.id));
    expect(error).toBeInstanceOf(Error);

    // Half done: the row is gone, its files are still in R2.
    expect((await rowsOf(member)).map((row) => row.id)).toEqual([kept.id]);
    expect(await filesOf(member)).toHaveLength(4);

    await hourly(NOW + GRACE + MINUTE);
    await expectSettled(member);
    expect(await filesOf(member)).toHaveLength(2);
    // It was the crash point that stopped the removal (the bindings died with it).
    expect(error).toBeInstanceOf(SimulatedCrash);
  });
});

describe("a photo made private cut short", () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });
  const uploadPublic = (member: number) =>
    uploadPhoto(appContext({ photo_moderation: "post" }), owner(member), { bytes: picture(), private: false });
  const publicStatus = async (key: string) => {
    const response = await SELF.fetch(`http://localhost/media/photos/${key}`);
    await response.arrayBuffer();
    return response.status;
  };

  it("after its files are copied to new keys: the copies are removed by the hourly job, the photo is as it was", async () => {
    const member = await givenMember();
    const photo = await uploadPublic(member);
    const before = await rowsOf(member);
    armCrash("photo:files-copied");
    const error = await thrown(
      updatePhoto(dyingServer({ afterPuts: 2 }), owner(member), photo.id, { isPrivate: true }),
    );
    expect(error).toBeInstanceOf(SimulatedCrash);
    // Half done: the copies in R2, on record, no row naming them.
    expect(await filesOf(member)).toHaveLength(4);

    await hourly(NOW + GRACE + MINUTE);
    await expectSettled(member);
    expect(await rowsOf(member)).toEqual(before);
    expect(await publicStatus(before[0]!.filename)).toBe(200);
  });

  it("after its row moved to the new keys: the old URL answers 404, the old files go with the hourly job and the purge with the outbox run", async () => {
    const { cloudflare } = givenProviderFakes();
    const member = await givenMember();
    const photo = await uploadPublic(member);
    const [before] = await rowsOf(member);
    armCrash("photo:rekeyed");
    const error = await thrown(
      updatePhoto(dyingServer({ afterBatches: 1 }, NOW, cachePurgeVars), owner(member), photo.id, { isPrivate: true }),
    );
    expect(error).toBeInstanceOf(SimulatedCrash);
    // Half done: the row names the new files, the old ones are still in R2, on record; the purge is queued.
    const [after] = await rowsOf(member);
    expect(after!.filename).not.toBe(before!.filename);
    expect(await filesOf(member)).toHaveLength(4);
    expect(await publicStatus(before!.filename)).toBe(404);
    expect(cloudflare.purges).toEqual([]);

    await hourly(NOW + GRACE + MINUTE);
    await expectSettled(member);
    expect(await filesOf(member)).toEqual([after!.filename, after!.thumb].sort());
    await runOutbox({ db, env: { ...env, ...cachePurgeVars }, log: createLogger("test"), now: () => NOW + MINUTE });
    const purged = cloudflare.purges.flatMap((purge) => purge.files);
    expect(purged).toContain(`https://example.test/media/photos/${before!.filename}`);
    expect(purged).toContain(`https://cdn.example.test/media/photos/${before!.thumb}`);
  });
});

describe("the hourly job", () => {
  it("keeps every file a photos row names, whatever is on record, and removes the others", async () => {
    const member = await givenMember();
    const photo = await upload(appContext(), member);
    // A seeded photo: one file for both sizes, outside the member's folder.
    const seeded = `seed/${member}-0.svg`;
    await db.insert(photos).values({
      userId: member,
      filename: seeded,
      thumbFilename: seeded,
      contentType: "image/svg+xml",
      status: "active",
      position: 1,
      createdAt: NOW,
    });
    const strays = [`u/${member}/stray.jpg`, "seed/stray.svg"];
    for (const key of [seeded, ...strays]) await env.PHOTOS.put(key, "x");
    const [row] = await rowsOf(member);
    const keys = [row!.filename, row!.thumb, seeded, ...strays];
    await db.insert(unclaimedFiles).values(keys.map((key) => ({ key, createdAt: NOW - GRACE })));

    await hourly(NOW);
    expect(await rowsOf(member)).toHaveLength(2);
    await expectSettled(member);
    expect(await filesOf(member)).toEqual([row!.filename, row!.thumb].sort());
    expect(await env.PHOTOS.head(seeded)).not.toBeNull();
    expect(await env.PHOTOS.head("seed/stray.svg")).toBeNull();
    expect(photo.id).toBe(row!.id);
  });
});

describe("a photo upload and removal that go through", () => {
  it("put the files on record before they are written or removed, and leave nothing on record", async () => {
    const member = await givenMember();
    const seen: { call: string; key: string; onRecord: boolean; rowNames: boolean }[] = [];
    const watchedBucket = new Proxy(env.PHOTOS, {
      get(target, prop) {
        const value = Reflect.get(target, prop) as unknown;
        if (typeof value !== "function") return value;
        const call = (...args: unknown[]) => (value as (...a: unknown[]) => Promise<unknown>).apply(target, args);
        if (prop !== "put" && prop !== "delete") return call;
        return async (...args: unknown[]) => {
          const keys = [args[0]].flat() as string[];
          const rows = (await rowsOf(member)).flatMap((row) => [row.filename, row.thumb]);
          const record = await unclaimed();
          for (const key of keys) {
            seen.push({ call: prop, key, onRecord: record.includes(key), rowNames: rows.includes(key) });
          }
          return call(...args);
        };
      },
    });
    const app = { ...appContext(), env: { ...env, PHOTOS: watchedBucket } };

    const photo = await upload(app, member);
    await expectSettled(member);
    expect(await filesOf(member)).toHaveLength(2);
    await deletePhoto(app, owner(member), photo.id);
    await expectSettled(member);
    expect(await filesOf(member)).toEqual([]);

    // Every file was on record, and owned by no row, whenever R2 was written to.
    expect(seen.map((s) => s.call)).toEqual(["put", "put", "delete", "delete"]);
    for (const s of seen) expect(s, `${s.call} ${s.key}`).toMatchObject({ onRecord: true, rowNames: false });
  });
});
