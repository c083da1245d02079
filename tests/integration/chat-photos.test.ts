// Photos sent in a conversation obey the upload rules of profile photos: the
// same size limit, the same pixel limits, the same answers as /api/photos. An
// upload no message ever used is on record, and the hourly job removes it.
import { env, SELF } from "cloudflare:test";
import { PhotonImage } from "@cf-wasm/photon/workerd";
import { describe, expect, it } from "vitest";
import { unclaimedFiles } from "#app/server/db/schema.ts";
import { runHourly } from "#app/server/jobs/hourly.ts";
import { createLogger } from "#app/server/log.ts";
import { apiHeaders, db, givenConversation, givenCredits, SITE } from "./fixtures.ts";

const MB = 1024 * 1024;

function jpeg(width: number, height: number): Uint8Array {
  const image = new PhotonImage(new Uint8Array(width * height * 4).fill(180), width, height);
  try {
    return image.get_bytes_jpeg(80);
  } finally {
    image.free();
  }
}

/** Only a JPEG's frame header: it claims width × height, with no picture behind it. */
function jpegHeader(width: number, height: number): Uint8Array {
  const frame = [0x08, height >> 8, height & 0xff, width >> 8, width & 0xff, 0x01, 0x01, 0x11, 0x00];
  return new Uint8Array([0xff, 0xd8, 0xff, 0xc0, 0x00, frame.length + 2, ...frame, 0xff, 0xd9]);
}

/** `bytes` padded with zeros to `size`: a photo's header with a file too big behind it. */
function padded(bytes: Uint8Array, size: number): Uint8Array {
  const big = new Uint8Array(size);
  big.set(bytes);
  return big;
}

async function post(path: string, cookie: string, fields: Record<string, string | Uint8Array>) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    form.set(name, typeof value === "string" ? value : new File([new Uint8Array(value)], "photo.jpg"));
  }
  const response = await SELF.fetch(SITE + path, {
    method: "POST",
    headers: { Cookie: cookie, Origin: SITE, "X-Requested-With": "XMLHttpRequest" },
    body: form,
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe("a photo sent in a conversation", () => {
  it.each([
    ["over 10 MB, beyond the body limit", () => padded(jpeg(400, 400), 10 * MB + 100_000), 413, "photo_too_large"],
    ["just over 10 MB, within the body limit", () => padded(jpeg(400, 400), 10 * MB + 1), 413, "photo_too_large"],
    ["over 12 megapixels", () => jpegHeader(5000, 4000), 400, "photo_invalid"],
    ["smaller than 200 × 200", () => jpeg(300, 150), 400, "photo_invalid"],
    ["not a photo", () => new TextEncoder().encode("just some text"), 400, "photo_invalid"],
  ])("is refused %s exactly as a profile photo is", async (_, photo, status, code) => {
    const { conversation, annCookie: cookie } = await givenConversation({ paid: true });
    const bytes = photo();
    const chat = await post("/api/chat/photo", cookie, { conversation: String(conversation), photo: bytes });
    const profile = await post("/api/photos", cookie, { photo: bytes });
    expect(chat).toMatchObject({ status, body: { error: code } });
    expect(chat).toEqual(profile);
  });

  it("without a file in its photo field is refused as a profile photo is", async () => {
    const { conversation, annCookie: cookie } = await givenConversation({ paid: true });
    const chat = await post("/api/chat/photo", cookie, { conversation: String(conversation), photo: "a text" });
    const profile = await post("/api/photos", cookie, { photo: "a text" });
    expect(chat).toMatchObject({
      status: 400,
      body: { error: "invalid_input", fields: { photo: expect.any(String) } },
    });
    expect(chat).toEqual(profile);
  });

  it("is stored when it is a photo within the limits", async () => {
    const { conversation, annCookie: cookie } = await givenConversation({ paid: true });
    const chat = await post("/api/chat/photo", cookie, { conversation: String(conversation), photo: jpeg(400, 300) });
    expect(chat).toMatchObject({ status: 201, body: { photo: expect.stringMatching(`^c/${conversation}/`) } });
  });
});

describe("a chat photo no message used", () => {
  const MINUTE = 60_000;
  const onRecord = async () => (await db.select({ key: unclaimedFiles.key }).from(unclaimedFiles)).map((r) => r.key);
  const sendPhoto = (cookie: string, conversation: number, clientId: string, photo: string) =>
    SELF.fetch(`${SITE}/api/chat/messages`, {
      method: "POST",
      headers: apiHeaders(cookie),
      body: JSON.stringify({ conversation, message: { kind: "photo", clientId, photo } }),
    });

  it("is on record until a message sends it, and the hourly job removes it; a sent one stays", async () => {
    const { ann, conversation, annCookie: cookie } = await givenConversation({ paid: true });
    await givenCredits(ann, 50);
    const upload = async () =>
      (await post("/api/chat/photo", cookie, { conversation: String(conversation), photo: jpeg(400, 300) })).body
        .photo as string;
    const unused = await upload();
    const used = await upload();
    expect((await onRecord()).sort()).toEqual([unused, used].sort());

    const sent = await sendPhoto(cookie, conversation, "chat-photo-used-1", used);
    expect(sent.status).toBe(201);
    await sent.arrayBuffer();
    expect(await onRecord()).toEqual([unused]);

    // Uploads under way are left alone; past the grace the unused file goes.
    await runHourly({ db, env, log: createLogger("test"), now: () => Date.now() + 5 * MINUTE });
    expect(await env.PHOTOS.head(unused)).not.toBeNull();
    await runHourly({ db, env, log: createLogger("test"), now: () => Date.now() + 16 * MINUTE });
    expect(await env.PHOTOS.head(unused)).toBeNull();
    expect(await env.PHOTOS.head(used)).not.toBeNull();
    expect(await onRecord()).toEqual([]);
  });

  it("cannot be sent once the hourly job removed it", async () => {
    const { ann, conversation, annCookie: cookie } = await givenConversation({ paid: true });
    await givenCredits(ann, 50);
    const { body } = await post("/api/chat/photo", cookie, {
      conversation: String(conversation),
      photo: jpeg(400, 300),
    });
    await runHourly({ db, env, log: createLogger("test"), now: () => Date.now() + 16 * MINUTE });
    const late = await sendPhoto(cookie, conversation, "chat-photo-late-1", body.photo as string);
    expect(late.status).toBe(404);
    expect(await late.json()).toMatchObject({ error: "photo_not_found" });
  });
});
