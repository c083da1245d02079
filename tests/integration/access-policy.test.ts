// The access table against the real Worker. First, the table and the two
// routers agree: every page route (its loader and its action, read from React
// Router's own build) and every Hono route has exactly one door, and every
// door has its route. Then every door is knocked at by every kind of visitor
// and member and every operator role, and each answer is classified (served,
// asked to log in, sent away, hidden, forbidden) and compared with what the
// door's audience and resource say. Who expects what is derived from the
// table; the requests themselves are examples written here, so a door without
// an example fails too.
import { env, SELF } from "cloudflare:test";
import * as build from "virtual:react-router/server-build";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { type Door, doors } from "#app/server/access/doors.ts";
import { findSessionMember } from "#app/server/accounts/session.ts";
import { startConversation } from "#app/server/chat/conversations.ts";
import { creditPackages, photos, users } from "#app/server/db/schema.ts";
import { blockMember } from "#app/server/members/blocks.ts";
import { refreshSearchable } from "#app/server/members/searchable.ts";
import { can, type OperatorRole } from "#app/server/operators/roles.ts";
import { startCheckout } from "#app/server/payments/checkout.ts";
import { createServer } from "#workers/server.ts";
import {
  accountsApp,
  appContext,
  db,
  givenAccount,
  givenCompany,
  givenCredits,
  givenRegion,
  sessionCookieFor,
} from "./fixtures.ts";
import { givenOperator } from "./operator-fixtures.ts";

const BASE = "http://localhost";
const key = (d: Pick<Door, "method" | "path" | "query">) => `${d.method} ${d.path}${d.query ? `?${d.query}` : ""}`;

function expectSameDoors(served: Set<string>, table: Set<string>) {
  expect(
    [...served].filter((door) => !table.has(door)),
    "routes without a door",
  ).toEqual([]);
  expect(
    [...table].filter((door) => !served.has(door)),
    "doors without a route",
  ).toEqual([]);
}

describe("the access table covers every route", () => {
  it("has one door for each page loader and action React Router serves, and no other", () => {
    const routes = build.routes as Record<string, { id: string; parentId?: string; path?: string; index?: boolean }>;
    const modules = build.routes as Record<string, { module: { loader?: unknown; action?: unknown } }>;
    const pattern = (id: string): string => {
      const route = routes[id]!;
      const own = route.path ?? "";
      const parent = route.parentId ? pattern(route.parentId) : "";
      return [parent, own].filter(Boolean).join("/");
    };
    const served = new Set<string>();
    for (const route of Object.values(routes)) {
      if (route.id === "root" || (!route.path && !route.index)) continue;
      const path = `/${pattern(route.id)}`;
      const { module } = modules[route.id]!;
      if (module.loader) served.add(`GET ${path}`);
      if (module.action) served.add(`POST ${path}`);
    }
    // A door told apart by a query parameter is a variant of its route's door, which must exist too.
    const table = new Set(doors.filter((d) => d.kind === "page").map((d) => `${d.method} ${d.path}`));
    expectSameDoors(served, table);
  });

  it("has one door for each Hono route of the Worker, and no other", () => {
    const server = createServer(async () => new Response(null, { status: 204 }));
    const served = new Set(server.routes.filter((r) => r.method !== "ALL").map((r) => `${r.method} ${r.path}`));
    const table = new Set(doors.filter((d) => d.kind !== "page").map((d) => `${d.method} ${d.path}`));
    expectSameDoors(served, table);
  });

  it("lists each door once", () => {
    const keys = doors.map(key);
    expect(keys.filter((k, i) => keys.indexOf(k) !== i)).toEqual([]);
  });
});

// ---- Who knocks --------------------------------------------------------------

const memberPersonas = ["owner", "participant", "other member", "blocked member", "invisible member"] as const;
const operatorPersonas = ["admin", "moderator", "support", "chat"] as const satisfies readonly OperatorRole[];
const personas = ["visitor", ...memberPersonas, ...operatorPersonas] as const;
type Persona = (typeof personas)[number];
type Outcome = "served" | "login" | "away" | "hidden" | "forbidden";

const isOperator = (p: Persona): p is OperatorRole => (operatorPersonas as readonly string[]).includes(p);
const isMember = (p: Persona) => (memberPersonas as readonly string[]).includes(p);

/**
 * The world every door is tried in. Ann (the owner) has a public and a
 * private photo, a payment and a conversation with each of Bob (a free
 * member), Carl (premium, whom she blocked) and Ivy (in invisible mode). Eve
 * is a premium member with no ties to anyone.
 */
async function world() {
  await givenCompany();
  await givenRegion("NL", "UT", "Utrecht");
  const ann = await givenAccount({ name: "Ann", photos: [{}, { isPrivate: true }] });
  const bob = await givenAccount({ name: "Bob", gender: "male" });
  const eve = await givenAccount({ name: "Eve" });
  const carl = await givenAccount({ name: "Carl", gender: "male" });
  const ivy = await givenAccount({ name: "Ivy" });
  for (const id of [ann, eve, carl]) await db.update(users).set({ paidUser: true }).where(eq(users.id, id));
  await givenCredits(ann, 50);

  const [publicPhoto, privatePhoto] = await db.select().from(photos).where(eq(photos.userId, ann)).orderBy(photos.id);
  for (const photo of [publicPhoto!, privatePhoto!]) {
    for (const file of [photo.filename, photo.thumbFilename]) {
      await env.PHOTOS.put(file, '<svg xmlns="http://www.w3.org/2000/svg"/>', {
        httpMetadata: { contentType: "image/svg+xml" },
      });
    }
  }
  const annPaid = { id: ann, paidUser: true };
  const conversationWith = {
    bob: await startConversation(appContext(), annPaid, bob),
    carl: await startConversation(appContext(), annPaid, carl),
    ivy: await startConversation(appContext(), annPaid, ivy),
  };
  const chatFile = "aB3dE5gH7jK9.jpg";
  for (const id of Object.values(conversationWith)) {
    await env.PHOTOS.put(`c/${id}/${chatFile}`, new Uint8Array([0xff, 0xd8, 0xff, 0xd9]), {
      httpMetadata: { contentType: "image/jpeg" },
    });
  }
  // Ivy went invisible and Ann blocked Carl after their conversations began.
  await db.update(users).set({ invisible: true }).where(eq(users.id, ivy));
  await refreshSearchable(db, ivy);
  await blockMember(appContext(), ann, carl);

  const [pkg] = await db
    .insert(creditPackages)
    .values({ domain: "*", country: "NL", currency: "EUR", credits: 60, priceCents: 1995, style: "p1" })
    .returning();
  const cookies: Record<Persona, string | null> = {
    visitor: null,
    owner: await sessionCookieFor(ann),
    participant: await sessionCookieFor(bob),
    "other member": await sessionCookieFor(eve),
    "blocked member": await sessionCookieFor(carl),
    "invisible member": await sessionCookieFor(ivy),
    admin: (await givenOperator("admin")).cookie,
    moderator: (await givenOperator("moderator")).cookie,
    support: (await givenOperator("support")).cookie,
    chat: (await givenOperator("chat")).cookie,
  };
  const annSession = (await findSessionMember(db, cookies.owner!.slice("session=".length), Date.now()))!;
  const { paymentId } = await startCheckout(accountsApp(), annSession, {
    packageId: pkg!.id,
    method: "ideal",
    country: "NL",
  });
  const [{ ref }] = await env.DB.prepare("select provider_ref as ref from payments where id = ?")
    .bind(paymentId)
    .all<{ ref: string }>()
    .then((r) => r.results as [{ ref: string }]);

  const ids = { ann, bob, eve, carl, ivy };
  /** The conversation each persona would open: their own with Ann, or Ann and Bob's. */
  const conversationOf = (p: Persona) =>
    p === "blocked member"
      ? conversationWith.carl
      : p === "invisible member"
        ? conversationWith.ivy
        : conversationWith.bob;
  /** The profile each persona looks at: Ann's, and Bob's for Ann herself. */
  const profileOf = (p: Persona) => (p === "owner" ? bob : ann);
  return {
    ids,
    cookies,
    conversationOf,
    profileOf,
    chatFile,
    publicPhoto: publicPhoto!,
    privatePhoto: privatePhoto!,
    packageId: pkg!.id,
    paymentId,
    paymentRef: ref,
  };
}
type World = Awaited<ReturnType<typeof world>>;

// ---- What the table says each of them gets -----------------------------------

function expected(door: Door, p: Persona): Outcome {
  const { audience } = door;
  // The "page not found" page: open to all, and what it says is that nothing is there.
  if (door.path === "/*") return "hidden";
  if (audience.kind === "operator")
    return isOperator(p) ? (can(p, audience.permission) ? "served" : "forbidden") : "login";
  if (audience.kind === "member" && !isMember(p)) return door.kind === "media" ? "hidden" : "login";
  if (audience.kind === "visitor") return isMember(p) ? "away" : "served";
  switch (door.resource) {
    case "conversation":
      // Ann's conversation with Carl is closed both ways by her block; Eve is in none of them.
      return p === "owner" || p === "participant" || p === "invisible member" ? "served" : "hidden";
    case "profile":
      return p === "blocked member" ? "hidden" : "served";
    case "own photo":
    case "own payment":
      return p === "owner" ? "served" : "hidden";
    case "viewable photo":
      // Ann's private photo: Ann, and premium members she has not blocked (Eve; Carl is blocked).
      return p === "owner" || p === "other member" ? "served" : "hidden";
    default:
      return "served";
  }
}

// ---- The requests --------------------------------------------------------------

interface Knock {
  path: string;
  method?: string;
  json?: unknown;
  form?: Record<string, string>;
  headers?: Record<string, string>;
  /** The handler's own refusal of this example (a wrong password, an unsigned push), not a gate's. */
  refusedByHandler?: number;
}
type Example = (w: World, p: Persona) => Knock;

const get = (path: string): Knock => ({ path });
const post = (path: string, form: Record<string, string> = {}): Knock => ({ path, method: "POST", form });
const json = (method: string, path: string, body: unknown = {}): Knock => ({ path, method, json: body });
const socket = (path: string): Knock => ({
  path,
  headers: { Upgrade: "websocket", Origin: BASE, "X-Requested-With": "XMLHttpRequest" },
});

/** Requests whose path alone does not say enough: ids of the world, bodies, queries. */
const examples: Record<string, Example> = {
  "POST /login": () => ({
    ...post("/login", { email: "nobody@test.example", password: "not the password" }),
    refusedByHandler: 401,
  }),
  "POST /signup": () => post("/signup", {}),
  "POST /reset-password": () => post("/reset-password", {}),
  "GET /reset-password/do": () => get("/reset-password/do?token=not-a-real-token"),
  // A link that is not valid (any more) leads to the page that says so.
  "GET /activate/done?token": () => get("/activate/done?token=not-a-real-token"),
  "POST /activate/done": () => post("/activate/done", { token: "not-a-real-token" }),
  "POST /reset-password/do": () => post("/reset-password/do?token=not-a-real-token", {}),
  "GET /mail-change/do": () => get("/mail-change/do?token=not-a-real-token"),
  "GET /unsubscribe": () => get("/unsubscribe?token=not-a-real-token"),
  "POST /unsubscribe": () => post("/unsubscribe?token=not-a-real-token", {}),
  "GET /members/:id": (w, p) => get(`/members/${w.profileOf(p)}`),
  "POST /members/:id": (w, p) => post(`/members/${w.profileOf(p)}`, { intent: "like" }),
  "GET /members/:id/chat": (w, p) => get(`/members/${w.profileOf(p)}/chat`),
  "POST /members/:id/chat": (w, p) => post(`/members/${w.profileOf(p)}/chat`, {}),
  "GET /likes/m/:id": (w, p) => get(`/likes/m/${w.profileOf(p)}`),
  "POST /likes/m/:id": (w, p) => post(`/likes/m/${w.profileOf(p)}`, { intent: "like" }),
  "GET /likes/:type": () => get("/likes/received"),
  "GET /chats/:id": (w, p) => get(`/chats/${w.conversationOf(p)}`),
  "GET /credits/:id/:paymentmethod?": (w) => get(`/credits/${w.packageId}/ideal`),
  "POST /credits/:id/:paymentmethod?": (w) => post(`/credits/${w.packageId}/ideal`, {}),
  "GET /transactions/:id?": (w) => get(`/transactions/${w.paymentId}`),
  "GET /payments/sandbox/:ref": (w) => get(`/payments/sandbox/${w.paymentRef}`),
  "POST /payments/sandbox/:ref": (w) => post(`/payments/sandbox/${w.paymentRef}`, { outcome: "not-an-outcome" }),
  "GET /pages/:page": () => get("/pages/terms"),
  "GET /members/:id/signup": (w) => get(`/members/${w.ids.ann}/signup`),
  "GET /members/:id/landing": (w) => get(`/members/${w.ids.ann}/landing`),
  "GET /members/:id/landing2/:slug?": (w) => get(`/members/${w.ids.ann}/landing2`),
  "GET /members/:id/landing3/:slug?": (w) => get(`/members/${w.ids.ann}/landing3/she`),
  "GET /app-icon/:file": () => get("/app-icon/192.png"),
  // A domain whose addresses fit in /sitemap.xml has no parts: the handler answers that one is not there.
  "GET /sitemap/:file{[1-9][0-9]{0,5}\\.xml}": () => ({ ...get("/sitemap/1.xml"), refusedByHandler: 404 }),
  "GET /*": () => get("/no-such-page"),
  "GET /admin/members/:id": (w) => get(`/admin/members/${w.ids.ann}`),
  "POST /admin/members/:id": (w) => post(`/admin/members/${w.ids.ann}`, {}),
  "GET /admin/domains/:domain": () => get("/admin/domains/localhost"),
  "POST /admin/domains/:domain": () => post("/admin/domains/localhost", {}),
  "GET /admin/photos/:id/:variant": (w) => get(`/admin/photos/${w.privatePhoto.id}/thumb`),
  // Ann and Bob are two real members: their conversation is not the desk's (the rule's own 404).
  "GET /admin/desk/:conversation": (w) => ({
    ...get(`/admin/desk/${w.conversationOf("owner")}`),
    refusedByHandler: 404,
  }),
  "POST /admin/desk/:conversation": (w) => post(`/admin/desk/${w.conversationOf("owner")}`, { intent: "release" }),
  // A retry of a mail that is not there: the rule's own refusal.
  "POST /admin/outbox": () => ({ ...post("/admin/outbox", { channel: "mail", id: "999999" }), refusedByHandler: 404 }),
  "GET /dev/push/:token": () => get("/dev/push/access-test-token"),
  // Unsigned: a push service accepts only pushes signed with the site's key.
  "POST /dev/push/:token": () => ({ ...post("/dev/push/access-test-token", {}), refusedByHandler: 403 }),

  "GET /api/geocode.php": () => get("/api/geocode.php?lat=52.1&lon=5.1"),
  // Only the site's own client logs out with a GET: a link from another site cannot send its header.
  "GET /api/logout.php": () => ({ path: "/api/logout.php", headers: { "X-Requested-With": "XMLHttpRequest" } }),
  "POST /api/user.php": () => ({
    ...json("POST", "/api/user.php", { email: "nobody@test.example", password: "not the password" }),
    refusedByHandler: 401,
  }),
  "POST /api/user.php?push": () => json("POST", "/api/user.php?push=1", {}),
  "DELETE /api/user.php?push": () => json("DELETE", "/api/user.php?push=1", { endpoint: "https://push.test/x" }),
  "PUT /api/user.php": () => json("PUT", "/api/user.php", { language: "de" }),
  "GET /api/mail/unsubscribe": () => get("/api/mail/unsubscribe?token=not-a-real-token"),
  "POST /api/mail/unsubscribe": () => json("POST", "/api/mail/unsubscribe?token=not-a-real-token"),
  // Unsigned: the provider's signature is the door's proof.
  "POST /api/mail/events": () => ({ ...json("POST", "/api/mail/events", {}), refusedByHandler: 401 }),
  "DELETE /api/chat.php": (w, p) => json("DELETE", "/api/chat.php", { conversation: w.conversationOf(p) }),
  "GET /api/chat/socket": (w, p) => socket(`/api/chat/socket?conversation=${w.conversationOf(p)}`),
  "GET /api/signal/socket": () => socket("/api/signal/socket"),
  "GET /api/chat/messages": (w, p) => get(`/api/chat/messages?conversation=${w.conversationOf(p)}`),
  "POST /api/chat/messages": (w, p) =>
    json("POST", "/api/chat/messages", {
      conversation: w.conversationOf(p),
      message: { kind: "text", clientId: `access-${p.replace(/ /g, "-")}`, text: "Hoi" },
    }),
  "POST /api/chat/read": (w, p) => json("POST", "/api/chat/read", { conversation: w.conversationOf(p), seq: 0 }),
  "POST /api/chat/operator-notice": (w, p) =>
    json("POST", "/api/chat/operator-notice", { conversation: w.conversationOf(p) }),
  "POST /api/chat/photo": (w, p) => ({
    path: "/api/chat/photo",
    method: "POST",
    form: { conversation: String(w.conversationOf(p)) },
  }),
  "POST /api/photos": () => ({ path: "/api/photos", method: "POST", form: {} }),
  "PATCH /api/photos/:id{[0-9]+}": (w) => json("PATCH", `/api/photos/${w.privatePhoto.id}`, { is_private: true }),
  "DELETE /api/photos/:id{[0-9]+}": (w) => json("DELETE", `/api/photos/${w.privatePhoto.id}`),
  "GET /api/payments/:id{[0-9]{1,12}}": (w) => get(`/api/payments/${w.paymentId}`),
  "POST /api/payments/webhook/:provider{sandbox|mollie}": (w) =>
    json("POST", "/api/payments/webhook/sandbox", { id: w.paymentRef }),
  "GET /api/bench/echo": () => socket("/api/bench/echo?room=access"),
  "GET /media/photos/:key{[A-Za-z0-9/_.-]+}": (w) => get(`/media/photos/${w.publicPhoto.filename}`),
  "GET /media/private/:id{[0-9]{1,15}}/:variant{full|thumb}": (w) => get(`/media/private/${w.privatePhoto.id}/full`),
  "GET /media/chat/:conversation{[0-9]{1,15}}/:file{[A-Za-z0-9_-]+\\.jpg}": (w, p) =>
    get(`/media/chat/${w.conversationOf(p)}/${w.chatFile}`),
};

/** A door's example: written above, or its own path (without its optional slug) when that has no other parameters. */
function example(door: Door): Example {
  const written = examples[key(door)];
  if (written) return written;
  const path = door.path.replace(/\/:slug\?$/, "");
  if (/[:*{]/.test(path)) throw new Error(`${key(door)} needs an example in the access test`);
  if (door.kind === "page") return door.method === "GET" ? () => get(path) : () => post(path, {});
  return door.method === "GET" ? () => get(door.path) : () => json(door.method, door.path);
}

let nextAddress = 0;

async function knock(door: Door, knock: Knock, cookie: string | null) {
  const headers: Record<string, string> = {
    // Each knock from its own address, so the sign-in throttles of one door do not close the next.
    "CF-Connecting-IP": `10.${(nextAddress >> 16) & 255}.${(nextAddress >> 8) & 255}.${nextAddress++ & 255}`,
    ...(cookie ? { Cookie: cookie } : {}),
    ...knock.headers,
  };
  let body: BodyInit | undefined;
  const method = knock.method ?? "GET";
  if (method !== "GET") {
    headers.Origin = BASE;
    if (door.kind !== "page") headers["X-Requested-With"] = "XMLHttpRequest";
    if (knock.json !== undefined) {
      headers["Content-Type"] = "application/json";
      body = JSON.stringify(knock.json);
    } else if (knock.form) {
      body = new URLSearchParams(knock.form);
    }
  }
  const response = await SELF.fetch(`${BASE}${knock.path}`, { method, headers, body, redirect: "manual" });
  const text = response.webSocket ? "" : await response.text();
  response.webSocket?.accept();
  response.webSocket?.close(1000);
  return { status: response.status, location: response.headers.get("Location") ?? "", text };
}

function classify(door: Door, knock: Knock, answer: { status: number; location: string; text: string }): Outcome {
  const { status, location } = answer;
  if (status === knock.refusedByHandler) return "served";
  if (status >= 300 && status < 400) {
    if (/^\/(admin\/)?login\?/.test(location) || /^\/members\/\d+\/signup$/.test(location)) return "login";
    if (door.audience.kind === "visitor" && /^\/members(\/\d+)?$/.test(location)) return "away";
    return "served";
  }
  // The console asks for its login with a 401 where it cannot redirect (a form post).
  if (status === 401 && door.audience.kind === "operator") return "login";
  if (status === 403 && answer.text.includes('"authentication_required"')) return "login";
  if (status === 404) return "hidden";
  if (status === 403) return "forbidden";
  return "served";
}

/** Knocks at one door as every persona, in world `w`; throws, naming the persona, at the first answer the table does not expect. */
async function tryDoor(door: Door, w: World) {
  const make = example(door);
  // Those who may not come in first: what they try must not change what the others find.
  const order = [...personas].sort(
    (a, b) => Number(expected(door, a) === "served") - Number(expected(door, b) === "served"),
  );
  const seen: string[] = [];
  for (const p of order) {
    const request = make(w, p);
    const answer = await knock(door, request, w.cookies[p]);
    const outcome = classify(door, request, answer);
    seen.push(`${p}: ${answer.status} ${answer.location} → ${outcome}`);
    expect(answer.status, `${p} got a server error: ${answer.text.slice(0, 300)}`).toBeLessThan(500);
    expect(outcome, `${p} (${answer.status} ${answer.location})\n${seen.join("\n")}`).toBe(expected(door, p));
    // A refusal says nothing of what is behind the door.
    if (outcome !== "served") expect(answer.text, p).not.toMatch(/"credits":\d|\xff\xd8/);
  }
  // The client router's data fetch of a member's page is refused the same way, in its own format.
  if (door.kind === "page" && door.method === "GET" && expected(door, "visitor") === "login") {
    const { path } = make(w, "visitor");
    const url = new URL(path, BASE);
    const data = await knock(door, { path: `${url.pathname}.data${url.search}` }, null);
    expect(data.status, `${path}.data`).toBe(202);
    expect(data.text, `${path}.data`).toMatch(/"SingleFetchRedirect".*"\/(admin\/)?(login\?|members\/\d+\/signup)/);
  }
}

const title = (door: Door) => `${key(door)} (${door.audience.kind}${door.resource ? `, ${door.resource}` : ""})`;

// A GET changes nothing another door looks at, except a logout (it ends the
// knocker's session): those doors share one world per audience, built once
// instead of once per door. Every other door gets a world of its own.
const changesTheWorld = (door: Door) => door.method !== "GET" || door.path.includes("logout");
const readers = Map.groupBy(
  doors.filter((d) => !changesTheWorld(d)),
  (d) => d.audience.kind,
);

describe("every door answers every visitor, member and operator as the table says", () => {
  for (const door of doors.filter(changesTheWorld)) {
    it(title(door), async () => tryDoor(door, await world()));
  }

  for (const [audience, group] of readers) {
    it(`the ${group.length} GET doors for ${audience}, in one world`, { timeout: 300_000 }, async () => {
      const w = await world();
      // Every door is tried; the failures are reported together, each under its door.
      const failures: string[] = [];
      for (const door of group) {
        await tryDoor(door, w).catch((error: Error) => failures.push(`${title(door)}: ${error.message}`));
      }
      expect(failures.join("\n\n")).toBe("");
    });
  }
});
