// Photos: upload, re-encoding, limits, main photo, private photos
// and who may see them, through /api/photos and /media as the browser uses them.

import { env, SELF } from "cloudflare:test";
import { PhotonImage } from "@cf-wasm/photon/workerd";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { photos, users } from "#app/server/db/schema.ts";
import { sniffImage } from "#app/server/photos/limits.ts";
import { builtInSettings } from "#app/server/settings/defaults.ts";
import { db, givenAccount, givenDomainSettings, PASSWORD } from "./fixtures.ts";

const BASE = "http://localhost";
const client = { "X-Requested-With": "XMLHttpRequest", Origin: BASE };

type OwnPhoto = {
  id: number;
  thumb: string;
  url: string;
  status: string;
  is_private: boolean;
  is_main: boolean;
  position: number;
};
type OwnPhotos = { photos: OwnPhoto[]; limit: { used: number; max: number; premium_max: number } };

/** A picture with some detail in it (a flat colour compresses to nothing). */
function pixels(width: number, height: number): Uint8Array {
  const rgba = new Uint8Array(width * height * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 4;
      rgba.set([(x * 255) / width, (y * 255) / height, (x ^ y) & 255, 255], i);
    }
  }
  return rgba;
}

function encode(width: number, height: number, as: (image: PhotonImage) => Uint8Array): Uint8Array {
  const image = new PhotonImage(pixels(width, height), width, height);
  try {
    return as(image);
  } finally {
    image.free();
  }
}
const jpeg = (width: number, height: number) => encode(width, height, (image) => image.get_bytes_jpeg(90));
const png = (width: number, height: number) => encode(width, height, (image) => image.get_bytes());

/** A JPEG with an APP1 Exif segment (orientation, camera make) right after its start marker. */
function withExif(photo: Uint8Array, orientation: number): Uint8Array {
  const tiff = [
    ...[0x4d, 0x4d, 0x00, 0x2a, 0x00, 0x00, 0x00, 0x08], // big endian, IFD0 at 8
    ...[0x00, 0x02], // two entries
    ...[0x01, 0x12, 0x00, 0x03, 0x00, 0x00, 0x00, 0x01, 0x00, orientation, 0x00, 0x00], // Orientation, SHORT
    ...[0x01, 0x0f, 0x00, 0x02, 0x00, 0x00, 0x00, 0x04, 0x47, 0x50, 0x53, 0x00], // Make "GPS", ASCII
    ...[0x00, 0x00, 0x00, 0x00], // no next IFD
  ];
  const payload = [...new TextEncoder().encode("Exif\0\0"), ...tiff];
  const segment = [0xff, 0xe1, (payload.length + 2) >> 8, (payload.length + 2) & 0xff, ...payload];
  return new Uint8Array([...photo.subarray(0, 2), ...segment, ...photo.subarray(2)]);
}

const contains = (bytes: Uint8Array, text: string) => new TextDecoder("latin1").decode(bytes).includes(text);

async function login(email: string) {
  const response = await SELF.fetch(`${BASE}/api/user.php`, {
    method: "POST",
    headers: { ...client, "Content-Type": "application/json" },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  const cookie = response.headers.getSetCookie().find((c) => c.startsWith("session="));
  if (!cookie) throw new Error(`login failed for ${email}: ${response.status}`);
  return cookie.split(";")[0]!;
}

/** A logged-in member: their id and session cookie. */
async function givenLoggedIn(options: { premium?: boolean } = {}) {
  const id = await givenAccount();
  if (options.premium) await db.update(users).set({ paidUser: true }).where(eq(users.id, id));
  return { id, cookie: await login(`member${id}@test.example`) };
}

function upload(
  cookie: string | null,
  bytes: Uint8Array,
  options: { private?: boolean; name?: string; type?: string } = {},
) {
  const form = new FormData();
  form.set(
    "photo",
    new File([new Uint8Array(bytes)], options.name ?? "photo.jpg", { type: options.type ?? "image/jpeg" }),
  );
  if (options.private) form.set("private", "1");
  return SELF.fetch(`${BASE}/api/photos`, {
    method: "POST",
    headers: { ...client, ...(cookie ? { Cookie: cookie } : {}) },
    body: form,
  });
}

async function uploaded(cookie: string, bytes: Uint8Array, options: { private?: boolean } = {}) {
  const response = await upload(cookie, bytes, options);
  expect(response.status).toBe(201);
  return ((await response.json()) as { photo: OwnPhoto }).photo;
}

function call(method: string, path: string, cookie: string | null, body?: unknown) {
  return SELF.fetch(BASE + path, {
    method,
    headers: {
      ...client,
      ...(cookie ? { Cookie: cookie } : {}),
      ...(body !== undefined ? { "Content-Type": "application/json" } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

async function ownPhotos(cookie: string) {
  const response = await call("GET", "/api/photos", cookie);
  expect(response.status).toBe(200);
  return (await response.json()) as OwnPhotos;
}

async function fetchMedia(path: string, cookie: string | null = null) {
  const response = await SELF.fetch(BASE + path, { headers: cookie ? { Cookie: cookie } : {} });
  return { response, bytes: new Uint8Array(await response.arrayBuffer()) };
}

async function storedKeys() {
  return (await env.PHOTOS.list({ prefix: "u/" })).objects.map((o) => o.key).sort();
}

describe("uploading a photo", () => {
  it("stores a re-encoded JPEG (longest side at most 1600 px) and a 320 × 320 thumbnail", async () => {
    const ann = await givenLoggedIn();
    const photo = await uploaded(ann.cookie, jpeg(2400, 1200));
    expect(photo).toMatchObject({ status: "active", is_private: false, is_main: true, position: 0 });

    const keys = await storedKeys();
    expect(keys).toHaveLength(2);
    expect(keys.every((key) => key.startsWith(`u/${ann.id}/`) && key.endsWith(".jpg"))).toBe(true);
    for (const key of keys) {
      const object = await env.PHOTOS.get(key);
      expect(object?.httpMetadata?.contentType).toBe("image/jpeg");
      await object?.arrayBuffer();
    }

    const full = await fetchMedia(photo.url);
    expect(full.response.status).toBe(200);
    expect(full.response.headers.get("content-type")).toBe("image/jpeg");
    expect(sniffImage(full.bytes)).toMatchObject({ format: "jpeg", width: 1600, height: 800 });
    const thumb = await fetchMedia(photo.thumb);
    expect(sniffImage(thumb.bytes)).toMatchObject({ format: "jpeg", width: 320, height: 320 });
  });

  it("turns a PNG into JPEGs too, and keeps a small photo's size", async () => {
    const ann = await givenLoggedIn();
    const photo = await uploaded(ann.cookie, png(640, 480));
    const full = await fetchMedia(photo.url);
    expect(sniffImage(full.bytes)).toMatchObject({ format: "jpeg", width: 640, height: 480 });
    expect(sniffImage((await fetchMedia(photo.thumb)).bytes)).toMatchObject({ width: 320, height: 320 });
    expect(await storedKeys()).toHaveLength(2);
  });

  it("strips EXIF data (camera, GPS) and turns the photo the way the camera says is up", async () => {
    const ann = await givenLoggedIn();
    const original = withExif(jpeg(600, 400), 6);
    expect(contains(original, "Exif")).toBe(true);
    expect(sniffImage(original)?.orientation).toBe(6);

    const photo = await uploaded(ann.cookie, original);
    for (const url of [photo.url, photo.thumb]) {
      const { bytes } = await fetchMedia(url);
      expect(contains(bytes, "Exif")).toBe(false);
      expect(contains(bytes, "GPS")).toBe(false);
    }
    expect(sniffImage((await fetchMedia(photo.url)).bytes)).toMatchObject({ width: 400, height: 600, orientation: 1 });
  });

  it("recognises a photo by its bytes: text named .jpg is refused with photo_invalid", async () => {
    const ann = await givenLoggedIn();
    const response = await upload(ann.cookie, new TextEncoder().encode("just some text, not a photo at all"), {
      name: "holiday.jpg",
      type: "image/jpeg",
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: "photo_invalid", message: expect.stringContaining("JPEG") });
    expect(await storedKeys()).toEqual([]);
  });

  it("refuses a photo whose header is right but whose data is not, without breaking later uploads", async () => {
    const ann = await givenLoggedIn();
    const broken = jpeg(400, 400).slice(0, 700);
    const response = await upload(ann.cookie, broken);
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: string }).error).toBe("photo_invalid");
    await uploaded(ann.cookie, jpeg(400, 400));
  });

  it("refuses a photo smaller than 200 × 200", async () => {
    const ann = await givenLoggedIn();
    const response = await upload(ann.cookie, jpeg(300, 150));
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: string }).error).toBe("photo_invalid");
  });

  it("refuses an upload over 10 MB with 413 before reading it", async () => {
    const ann = await givenLoggedIn();
    const big = new Uint8Array(10 * 1024 * 1024 + 100_000);
    big.set(jpeg(400, 400));
    const response = await upload(ann.cookie, big);
    expect(response.status).toBe(413);
    expect(((await response.json()) as { error: string }).error).toBe("photo_too_large");
  });

  it("wants a file in the `photo` field", async () => {
    const ann = await givenLoggedIn();
    const form = new FormData();
    form.set("picture", "nothing");
    const response = await SELF.fetch(`${BASE}/api/photos`, {
      method: "POST",
      headers: { ...client, Cookie: ann.cookie },
      body: form,
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: "invalid_input", fields: { photo: expect.any(String) } });
  });

  it("answers 403 authentication_required to a visitor, and wants the client header", async () => {
    const response = await upload(null, jpeg(300, 300));
    expect(response.status).toBe(403);
    expect(((await response.json()) as { error: string }).error).toBe("authentication_required");
    expect((await call("GET", "/api/photos", null)).status).toBe(403);

    const ann = await givenLoggedIn();
    const form = new FormData();
    form.set("photo", new File([new Uint8Array(jpeg(300, 300))], "a.jpg"));
    const headerless = await SELF.fetch(`${BASE}/api/photos`, {
      method: "POST",
      headers: { Origin: BASE, Cookie: ann.cookie },
      body: form,
    });
    expect(headerless.status).toBe(403);
    expect(((await headerless.json()) as { error: string }).error).toBe("client_header_required");
  });
});

describe("photo limits", () => {
  it("gives a free member at most 3 photos", async () => {
    const ann = await givenLoggedIn();
    for (let i = 0; i < 3; i++) await uploaded(ann.cookie, jpeg(300, 300));
    const response = await upload(ann.cookie, jpeg(300, 300));
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({
      error: "photo_limit",
      max: 3,
      message: expect.stringContaining("3"),
    });
    expect(await storedKeys()).toHaveLength(6);
    expect((await ownPhotos(ann.cookie)).limit).toEqual({ used: 3, max: 3, premium_max: 25 });
  });

  it("lets a premium member upload a 4th photo", async () => {
    const bob = await givenLoggedIn({ premium: true });
    for (let i = 0; i < 4; i++) await uploaded(bob.cookie, jpeg(300, 300));
    const { photos, limit } = await ownPhotos(bob.cookie);
    expect(limit).toEqual({ used: 4, max: 25, premium_max: 25 });
    expect(photos.map((p) => p.position)).toEqual([0, 1, 2, 3]);
  });
});

describe("the main photo", () => {
  it("is the first photo; deleting it makes the next one main and removes its files", async () => {
    const ann = await givenLoggedIn();
    const first = await uploaded(ann.cookie, jpeg(300, 300));
    const second = await uploaded(ann.cookie, jpeg(300, 300));
    expect(first.is_main).toBe(true);
    expect(second.is_main).toBe(false);

    const response = await call("DELETE", `/api/photos/${first.id}`, ann.cookie);
    expect(response.status).toBe(204);
    const { photos } = await ownPhotos(ann.cookie);
    expect(photos).toEqual([expect.objectContaining({ id: second.id, is_main: true })]);
    expect(await storedKeys()).toHaveLength(2);
    expect((await fetchMedia(first.url)).response.status).toBe(404);
  });

  it("can be chosen, but not a private photo; making the main photo private passes main on", async () => {
    const ann = await givenLoggedIn();
    const first = await uploaded(ann.cookie, jpeg(300, 300));
    const second = await uploaded(ann.cookie, jpeg(300, 300));
    const chosen = await call("PATCH", `/api/photos/${second.id}`, ann.cookie, { main: true });
    expect(chosen.status).toBe(200);
    expect(((await chosen.json()) as { photo: OwnPhoto }).photo).toMatchObject({ id: second.id, is_main: true });

    const hidden = await call("PATCH", `/api/photos/${second.id}`, ann.cookie, { is_private: true });
    expect(((await hidden.json()) as { photo: OwnPhoto }).photo).toMatchObject({ is_private: true, is_main: false });
    expect((await ownPhotos(ann.cookie)).photos.find((p) => p.is_main)?.id).toBe(first.id);

    expect((await call("PATCH", `/api/photos/${second.id}`, ann.cookie, { main: true })).status).toBe(400);
    expect((await call("PATCH", `/api/photos/${second.id}`, ann.cookie, { main: "yes" })).status).toBe(400);
  });

  it("is not a private first upload", async () => {
    const ann = await givenLoggedIn();
    const secret = await uploaded(ann.cookie, jpeg(300, 300), { private: true });
    expect(secret).toMatchObject({ is_private: true, is_main: false });
    const open = await uploaded(ann.cookie, jpeg(300, 300));
    expect(open.is_main).toBe(true);
  });
});

describe("private photos (premium members see all photos)", () => {
  it("are served to the owner and premium members only, never on the public path", async () => {
    const ann = await givenLoggedIn();
    const premium = await givenLoggedIn({ premium: true });
    const free = await givenLoggedIn();
    const photo = await uploaded(ann.cookie, jpeg(300, 300), { private: true });
    expect(photo.url).toBe(`/media/private/${photo.id}/full`);
    expect(photo.thumb).toBe(`/media/private/${photo.id}/thumb`);

    const owner = await fetchMedia(photo.url, ann.cookie);
    expect(owner.response.status).toBe(200);
    expect(owner.response.headers.get("cache-control")).toBe("private, max-age=3600");
    expect(owner.response.headers.get("content-security-policy")).toContain("sandbox");
    expect(sniffImage(owner.bytes)?.format).toBe("jpeg");
    expect((await fetchMedia(photo.thumb, premium.cookie)).response.status).toBe(200);
    expect((await fetchMedia(photo.url, free.cookie)).response.status).toBe(404);
    expect((await fetchMedia(photo.url)).response.status).toBe(404);
    expect((await fetchMedia(`/media/private/999999/full`, premium.cookie)).response.status).toBe(404);

    for (const key of await storedKeys()) {
      expect((await fetchMedia(`/media/photos/${key}`, ann.cookie)).response.status).toBe(404);
    }
  });

  it("become public again on the public path", async () => {
    const ann = await givenLoggedIn();
    const photo = await uploaded(ann.cookie, jpeg(300, 300), { private: true });
    const response = await call("PATCH", `/api/photos/${photo.id}`, ann.cookie, { is_private: false });
    const { photo: open } = (await response.json()) as { photo: OwnPhoto };
    // The owner loads their own photos through the private door; everyone else now gets the public path.
    expect(open.url).toBe(`/media/private/${photo.id}/full`);
    const [row] = await db.select({ filename: photos.filename }).from(photos).where(eq(photos.id, photo.id));
    const { response: media } = await fetchMedia(`/media/photos/${row!.filename}`);
    expect(media.status).toBe(200);
    // Shared caches keep it under an hour: it may be made private again (photo-keys.test.ts).
    expect(media.headers.get("cache-control")).toBe("public, max-age=300, s-maxage=3300");
  });
});

describe("a member's photos are their own", () => {
  it("another member cannot change or delete them (404, as if they did not exist), nor list them", async () => {
    const ann = await givenLoggedIn();
    const eve = await givenLoggedIn();
    const photo = await uploaded(ann.cookie, jpeg(300, 300));
    await uploaded(eve.cookie, jpeg(300, 300));

    const patch = await call("PATCH", `/api/photos/${photo.id}`, eve.cookie, { is_private: true });
    expect(patch.status).toBe(404);
    expect(await patch.json()).toMatchObject({ error: "photo_not_found" });
    expect((await call("DELETE", `/api/photos/${photo.id}`, eve.cookie)).status).toBe(404);
    expect((await call("DELETE", "/api/photos/99999999", eve.cookie)).status).toBe(404);

    const eves = await ownPhotos(eve.cookie);
    expect(eves.photos).toHaveLength(1);
    expect(eves.photos.some((p) => p.id === photo.id)).toBe(false);
    expect((await ownPhotos(ann.cookie)).photos).toEqual([
      expect.objectContaining({ id: photo.id, is_private: false }),
    ]);
    expect(await storedKeys()).toHaveLength(4);
  });
});

describe("pre-moderation (photo_moderation: pre)", () => {
  it("keeps a new photo pending and visible to its owner only", async () => {
    await givenDomainSettings("localhost", { ...builtInSettings, photo_moderation: "pre" });
    const ann = await givenLoggedIn();
    const premium = await givenLoggedIn({ premium: true });
    const photo = await uploaded(ann.cookie, jpeg(300, 300));
    expect(photo.status).toBe("pending");
    expect(photo.url).toBe(`/media/private/${photo.id}/full`);
    expect((await ownPhotos(ann.cookie)).limit.used).toBe(1);

    expect((await fetchMedia(photo.url, ann.cookie)).response.status).toBe(200);
    expect((await fetchMedia(photo.url, premium.cookie)).response.status).toBe(404);
    expect((await fetchMedia(photo.url)).response.status).toBe(404);
    for (const key of await storedKeys()) expect((await fetchMedia(`/media/photos/${key}`)).response.status).toBe(404);
  });
});
