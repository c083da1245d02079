// The member's data export streams: data.json leaves before any photo is
// read, each photo follows as it is read, and a photo that cannot be read
// breaks the download instead of ending it as if it were complete.
import { env, SELF } from "cloudflare:test";
import { strFromU8, unzipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { recordCredit } from "#app/server/credits/movements.ts";
import { walletOf } from "#app/server/credits/wallet.ts";
import { photos } from "#app/server/db/schema.ts";
import { memberDataExport } from "#app/server/privacy/export.ts";
import { db, givenAccount, givenCredits, NOW, sessionCookieFor } from "./fixtures.ts";

async function memberWithPhotos(count: number) {
  const member = await givenAccount({ name: "Streamer" });
  const keys: string[] = [];
  for (let i = 0; i < count; i++) {
    const key = `p/${member}/export-${i}.jpg`;
    await env.PHOTOS.put(key, new Uint8Array([0xff, 0xd8, i, i]));
    await db.insert(photos).values({
      createdAt: NOW,
      userId: member,
      filename: key,
      thumbFilename: `p/${member}/export-${i}-thumb.jpg`,
      contentType: "image/jpeg",
      status: "active",
    });
    keys.push(key);
  }
  return { member, keys };
}

/** The photo bucket, noting each read; `failOn` makes that read fail. */
function watchedPhotos(failOn?: string) {
  const reads: string[] = [];
  const bucket = {
    get: async (key: string) => {
      reads.push(key);
      if (key === failOn) throw new Error("photo storage unavailable");
      return env.PHOTOS.get(key);
    },
  } as unknown as R2Bucket;
  return { reads, app: { db, env: { ...env, PHOTOS: bucket }, now: () => NOW } };
}

const bytesOf = (chunks: Uint8Array[]) => new Uint8Array(chunks.flatMap((chunk) => [...chunk]));

describe("the data export", () => {
  it("sends data.json before reading any photo, then each photo as it is read", async () => {
    const { member, keys } = await memberWithPhotos(2);
    const { reads, app } = watchedPhotos();
    const stream = await memberDataExport(app, member);
    expect(reads).toEqual([]);

    const reader = stream!.getReader();
    const chunks: Uint8Array[] = [];
    const first = await reader.read();
    chunks.push(first.value!);
    expect(reads).toEqual([]);
    for (let next = await reader.read(); !next.done; next = await reader.read()) chunks.push(next.value);
    expect(reads).toEqual(keys);

    const files = unzipSync(bytesOf(chunks));
    expect(Object.keys(files)).toEqual(["data.json", expect.stringMatching(/^photos\/\d+\.jpg$/), expect.anything()]);
    const data = JSON.parse(strFromU8(files["data.json"]!)) as { photos: { file: string }[] };
    for (const [i, photo] of data.photos.entries())
      expect(files[photo.file]).toEqual(new Uint8Array([0xff, 0xd8, i, i]));
  });

  it("breaks the download when a photo cannot be read, rather than ending it early", async () => {
    const { member, keys } = await memberWithPhotos(2);
    const { app } = watchedPhotos(keys[1]);
    const reader = (await memberDataExport(app, member))!.getReader();
    const chunks: Uint8Array[] = [];
    const outcome = await (async () => {
      for (let next = await reader.read(); !next.done; next = await reader.read()) chunks.push(next.value);
      return "complete";
    })().catch((error: Error) => error.message);
    expect(outcome).toBe("photo storage unavailable");
    expect(() => unzipSync(bytesOf(chunks))).toThrow();
  });

  it("lists every movement of the member's wallet, past one page, with what was only recorded applied first", async () => {
    const { member } = await memberWithPhotos(0);
    await givenCredits(member, 1_000);
    const wallet = walletOf(env, member);
    const charges = 520;
    for (let i = 0; i < charges; i++)
      await wallet.charge({ key: `room:${i}`, amount: 1, reason: "message", note: "conversation 1", now: NOW + i });
    await recordCredit(db, { userId: member, amount: 5, reason: "purchase", idempotencyKey: "payment:late", now: NOW });
    const zip = await memberDataExport({ db, env, now: () => NOW }, member);
    const files = unzipSync(new Uint8Array(await new Response(zip).arrayBuffer()));
    const data = JSON.parse(strFromU8(files["data.json"]!)) as {
      creditLedger: { key: string; delta: number; reason: string; createdAt: number }[];
    };
    expect(data.creditLedger).toHaveLength(charges + 2);
    expect(data.creditLedger[0]).toMatchObject({ key: "payment:late", delta: 5, reason: "purchase" });
    expect(data.creditLedger.at(-1)).toMatchObject({ delta: 1_000, reason: "purchase" });
    expect(new Set(data.creditLedger.map((row) => row.key)).size).toBe(charges + 2);
    expect(data.creditLedger.reduce((sum, row) => sum + row.delta, 0)).toBe(1_000 - charges + 5);
  });

  // The first page of a run waits for the app to be built.
  it("answers /account/export with the archive as a download", async () => {
    const { member } = await memberWithPhotos(1);
    const response = await SELF.fetch("http://localhost/account/export", {
      headers: { Cookie: await sessionCookieFor(member) },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("application/zip");
    expect(response.headers.get("Content-Disposition")).toMatch(
      /^attachment; filename=".+-data-\d{4}-\d{2}-\d{2}\.zip"$/,
    );
    const files = unzipSync(new Uint8Array(await response.arrayBuffer()));
    expect(Object.keys(files).sort()).toEqual(["data.json", expect.stringMatching(/^photos\/\d+\.jpg$/)]);
    expect(JSON.parse(strFromU8(files["data.json"]!))).toMatchObject({ account: { id: member } });
  });
});
