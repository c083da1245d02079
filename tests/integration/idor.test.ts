// The IDOR matrix: every /api endpoint and media path that takes an
// id, asked by a member who does not own it and by a visitor. Each answer must
// be a refusal that reveals nothing (403/404, no data), nothing may change, and
// the owner's own request must still work, so a broken check cannot pass.
import { env, SELF } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { findSessionMember } from "#app/server/accounts/session.ts";
import { creditPackages, photos, users } from "#app/server/db/schema.ts";
import { startCheckout } from "#app/server/payments/checkout.ts";
import {
  accountsApp,
  appContext,
  db,
  givenAccount,
  givenCredits,
  sessionCookieFor,
  summaryReached,
} from "./fixtures.ts";

const BASE = "http://localhost";
const api = (cookie: string | null, init: { method?: string; body?: unknown } = {}) => ({
  method: init.method ?? "GET",
  headers: {
    "X-Requested-With": "XMLHttpRequest",
    Origin: BASE,
    "Content-Type": "application/json",
    ...(cookie ? { Cookie: cookie } : {}),
  },
  ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
});

async function world() {
  const ann = await givenAccount({ name: "Ann" });
  const bob = await givenAccount({ name: "Bob", gender: "male" });
  const eve = await givenAccount({ name: "Eve" });
  await db.update(users).set({ paidUser: true }).where(eq(users.id, ann));
  const { startConversation } = await import("#app/server/chat/conversations.ts");
  const conversation = await startConversation(appContext(), { id: ann, paidUser: true }, bob);
  const [annCookie, bobCookie, eveCookie] = await Promise.all([ann, bob, eve].map((id) => sessionCookieFor(id)));
  await givenCredits(ann, 20);
  const sent = await SELF.fetch(
    `${BASE}/api/chat/messages`,
    api(annCookie!, {
      method: "POST",
      body: { conversation, message: { kind: "text", clientId: "idor-message-1", text: "Geheim" } },
    }),
  );
  expect(sent.status).toBe(201);
  expect(await summaryReached(conversation, 1)).toBe(true);

  // Ann's private photo and a photo in the conversation, both in R2.
  const photoKey = `p/${ann}/idor.jpg`;
  await env.PHOTOS.put(photoKey, new Uint8Array([0xff, 0xd8, 0xff, 0xd9]), {
    httpMetadata: { contentType: "image/jpeg" },
  });
  const [photo] = await db
    .insert(photos)
    .values({
      userId: ann,
      filename: photoKey,
      thumbFilename: photoKey,
      contentType: "image/jpeg",
      status: "active",
      isPrivate: true,
      position: 0,
      createdAt: Date.now(),
    })
    .returning();
  const chatFile = "idor-photo.jpg";
  await env.PHOTOS.put(`c/${conversation}/${chatFile}`, new Uint8Array([0xff, 0xd8, 0xff, 0xd9]), {
    httpMetadata: { contentType: "image/jpeg" },
  });

  const [pkg] = await db
    .insert(creditPackages)
    .values({ domain: "*", country: "NL", currency: "EUR", credits: 60, priceCents: 1995, style: "p1" })
    .returning();
  const token = decodeURIComponent(annCookie!.split("=")[1]!.split(";")[0]!);
  const annMember = (await findSessionMember(db, token, Date.now()))!;
  const { paymentId } = await startCheckout(accountsApp(), annMember, {
    packageId: pkg!.id,
    method: "ideal",
    country: "NL",
  });

  return {
    ann,
    bob,
    conversation,
    photoId: photo!.id,
    chatFile,
    paymentId,
    annCookie: annCookie!,
    bobCookie: bobCookie!,
    eveCookie: eveCookie!,
  };
}

const cookieHeader = (cookie: string | null): Record<string, string> => (cookie ? { Cookie: cookie } : {});

type World = Awaited<ReturnType<typeof world>>;
interface Row {
  name: string;
  /** The request, as `cookie` would send it. */
  request: (w: World, cookie: string | null) => [string, RequestInit];
  /** Who may: the owner's cookie (their own request must succeed). */
  owner: (w: World) => string;
  /** Only when the request changes nothing for the owner; a write is checked by `unchanged` instead. */
  ownerOk?: number;
  unchanged?: (w: World) => Promise<void>;
}

const matrix: Row[] = [
  {
    name: "read a conversation's messages",
    request: (w, c) => [`${BASE}/api/chat/messages?conversation=${w.conversation}`, api(c)],
    owner: (w) => w.bobCookie,
    ownerOk: 200,
  },
  {
    name: "send into a conversation",
    request: (w, c) => [
      `${BASE}/api/chat/messages`,
      api(c, {
        method: "POST",
        body: { conversation: w.conversation, message: { kind: "text", clientId: "intruder-message-1", text: "Hoi" } },
      }),
    ],
    owner: (w) => w.annCookie,
    unchanged: async (w) => {
      const r = await SELF.fetch(`${BASE}/api/chat/messages?conversation=${w.conversation}`, api(w.annCookie));
      const { messages } = (await r.json()) as { messages: { text: string }[] };
      expect(messages.map((m) => m.text)).toEqual(["Geheim"]);
    },
  },
  {
    name: "mark a conversation read",
    request: (w, c) => [
      `${BASE}/api/chat/read`,
      api(c, { method: "POST", body: { conversation: w.conversation, seq: 1 } }),
    ],
    owner: (w) => w.bobCookie,
  },
  {
    name: "remove a conversation",
    request: (w, c) => [`${BASE}/api/chat.php`, api(c, { method: "DELETE", body: { conversation: w.conversation } })],
    owner: (w) => w.bobCookie,
    unchanged: async (w) => {
      const r = await SELF.fetch(`${BASE}/api/chats.php`, api(w.bobCookie));
      expect(((await r.json()) as { chats: unknown[] }).chats).toHaveLength(1);
    },
  },
  {
    name: "open a conversation's socket",
    request: (w, c) => [
      `${BASE}/api/chat/socket?conversation=${w.conversation}`,
      { headers: { Upgrade: "websocket", Origin: BASE, ...(c ? { Cookie: c } : {}) } },
    ],
    owner: (w) => w.annCookie,
  },
  {
    name: "view a photo sent in a conversation",
    request: (w, c) => [`${BASE}/media/chat/${w.conversation}/${w.chatFile}`, { headers: cookieHeader(c) }],
    owner: (w) => w.bobCookie,
    ownerOk: 200,
  },
  {
    name: "change another member's photo",
    request: (w, c) => [`${BASE}/api/photos/${w.photoId}`, api(c, { method: "PATCH", body: { is_private: false } })],
    owner: (w) => w.annCookie,
    unchanged: async (w) => {
      const [row] = await db.select().from(photos).where(eq(photos.id, w.photoId));
      expect(row?.isPrivate).toBe(true);
    },
  },
  {
    name: "delete another member's photo",
    request: (w, c) => [`${BASE}/api/photos/${w.photoId}`, api(c, { method: "DELETE" })],
    owner: (w) => w.annCookie,
    unchanged: async (w) => {
      expect(await db.select().from(photos).where(eq(photos.id, w.photoId))).toHaveLength(1);
      expect(await env.PHOTOS.head(`p/${w.ann}/idor.jpg`)).not.toBeNull();
    },
  },
  {
    name: "view another member's private photo",
    request: (w, c) => [`${BASE}/media/private/${w.photoId}/full`, { headers: cookieHeader(c) }],
    owner: (w) => w.annCookie,
    ownerOk: 200,
  },
  {
    name: "read another member's payment",
    request: (w, c) => [`${BASE}/api/payments/${w.paymentId}`, api(c)],
    owner: (w) => w.annCookie,
    ownerOk: 200,
  },
];

describe("IDOR matrix", () => {
  it(`refuses ${matrix.length} kinds of access to what is not yours, and still serves the owner`, async () => {
    const w = await world();
    for (const row of matrix) {
      for (const [who, cookie] of [
        ["an outsider", w.eveCookie],
        ["a visitor", null],
      ] as const) {
        const response = await SELF.fetch(...row.request(w, cookie));
        const body = await response.text();
        expect([401, 403, 404], `${row.name}: ${who} got ${response.status}`).toContain(response.status);
        expect(body, `${row.name}: ${who} learns nothing`).not.toMatch(/Geheim|"credits"|\xff\xd8/);
        await row.unchanged?.(w);
      }
      if (row.ownerOk) {
        const own = await SELF.fetch(...row.request(w, row.owner(w)));
        expect(own.status, `${row.name}: the owner`).toBe(row.ownerOk);
      }
    }
  });
});
