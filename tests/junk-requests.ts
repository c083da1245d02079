// The malformed input the suite throws at the Worker, in one place: generated
// /api requests (paths, queries, bodies, headers, sessions) and page form posts
// with odd fields. The workerd fuzz tests send them through the real Worker
// (tests/integration/fuzz-api.test.ts, fuzz-forms.test.ts); the dev-server
// sweep sends a sample through `npm start` (tests/dev-server/), where the
// Worker sits behind Vite's and Miniflare's connections. Plain fetch arguments
// only: no binding, no runner, so both can use it.
import fc from "fast-check";

/** An /api endpoint as Hono registers it, under /api (`/chat/messages`, `/photos/:id`). */
export interface Endpoint {
  method: string;
  path: string;
}

/** true with probability p. */
const chance = (p: number) => fc.double({ min: 0, max: 1, noNaN: true }).map((x) => x < p);
const nearIds = fc.integer({ min: 990, max: 1100 });
const anyText = fc.oneof(
  fc.string({ maxLength: 30 }),
  fc.constantFrom(
    "",
    " ",
    "0",
    "-1",
    "1e9",
    "null",
    "true",
    "[]",
    "{}",
    "NaN",
    "9".repeat(40),
    "../../etc",
    "%00",
    "<b>x</b>",
  ),
  fc.string({ unit: "binary", maxLength: 12 }),
);
const anyValue = fc.oneof(anyText, nearIds, fc.integer(), fc.double(), fc.boolean(), fc.constant(null));
const knownKeys = fc.constantFrom(
  "conversation",
  "after",
  "before",
  "seq",
  "member",
  "id",
  "message",
  "kind",
  "clientId",
  "text",
  "giftId",
  "photo",
  "email",
  "password",
  "language",
  "subscription",
  "endpoint",
  "keys",
  "code",
  "country",
  "region",
  "lat",
  "lon",
  "type",
  "page",
  "push",
  "lb",
  "t",
  "q",
  "room",
  "path",
  "private",
  "position",
  "token",
  "event",
);
const record = fc.dictionary(fc.oneof(knownKeys, fc.string({ maxLength: 8 })), anyValue, { maxKeys: 6 });
// Somewhat plausible bodies go deeper into the rules than pure noise.
const chatMessage = fc.record({
  conversation: nearIds,
  message: fc.oneof(
    fc.record({ kind: fc.constant("text"), clientId: fc.stringMatching(/^[A-Za-z0-9-]{6,70}$/), text: anyText }),
    fc.record({ kind: fc.constant("gift"), clientId: fc.uuid(), giftId: anyValue }),
    fc.record({ kind: fc.constant("photo"), clientId: fc.uuid(), photo: anyText }),
    record,
  ),
});

type Body =
  | { kind: "none" }
  | { kind: "json"; value: string }
  | { kind: "form"; value: Record<string, string> }
  | { kind: "bytes"; value: Uint8Array };
const body: fc.Arbitrary<Body> = fc.oneof(
  fc.constant({ kind: "none" as const }),
  fc.oneof(record, chatMessage, fc.jsonValue()).map((v) => ({ kind: "json" as const, value: JSON.stringify(v) })),
  fc.string({ maxLength: 40 }).map((v) => ({ kind: "json" as const, value: v })),
  fc.dictionary(knownKeys, anyText, { maxKeys: 5 }).map((value) => ({ kind: "form" as const, value })),
  fc.uint8Array({ maxLength: 300 }).map((value) => ({ kind: "bytes" as const, value })),
);

/** Generated /api requests to the given endpoints; `session` picks one of the caller's sessions, or none. */
export function apiRequests(endpoints: Endpoint[], base: string) {
  return fc.record({
    endpoint: fc.constantFrom(...endpoints),
    wrongMethod: chance(1 / 20),
    param: fc.oneof(nearIds.map(String), anyText, fc.constantFrom("sandbox", "mollie", "0", "999999999999")),
    query: fc.dictionary(knownKeys, fc.oneof(anyText, nearIds.map(String)), { maxKeys: 4 }),
    body,
    session: fc.option(fc.nat(), { freq: 3 }),
    clientHeader: chance(9 / 10),
    origin: fc.constantFrom(base, base, base, "https://elsewhere.example", null),
    ip: fc.ipV4(),
  });
}
export type ApiRequest = ReturnType<typeof apiRequests> extends fc.Arbitrary<infer R> ? R : never;

/** Where a generated request goes, and its fetch arguments once the caller has chosen its session cookie. */
export function apiCall(r: ApiRequest, base: string) {
  const method = r.wrongMethod ? (r.endpoint.method === "GET" ? "POST" : "GET") : r.endpoint.method;
  const path = r.endpoint.path.replace(/:\w+(\{[^}]*\})?/g, encodeURIComponent(r.param));
  const url = new URL(`${base}/api${path}`);
  for (const [k, v] of Object.entries(r.query)) url.searchParams.set(k, v);
  const init = (cookie: string | null): RequestInit => {
    const headers = new Headers({ "CF-Connecting-IP": r.ip });
    if (r.clientHeader) headers.set("X-Requested-With", "XMLHttpRequest");
    if (r.origin) headers.set("Origin", r.origin);
    if (cookie) headers.set("Cookie", cookie);
    let payload: BodyInit | undefined;
    if (method !== "GET" && method !== "HEAD" && r.body.kind !== "none") {
      if (r.body.kind === "json") {
        headers.set("Content-Type", "application/json");
        payload = r.body.value;
      } else if (r.body.kind === "form") {
        const form = new FormData();
        for (const [k, v] of Object.entries(r.body.value)) form.set(k, v);
        payload = form;
      } else {
        headers.set("Content-Type", "application/octet-stream");
        payload = new Uint8Array(r.body.value);
      }
    }
    return { method, headers, body: payload, redirect: "manual" };
  };
  return { method, path, url, init, what: (status: number) => `${method} ${url.pathname}${url.search} → ${status}` };
}

/** A value for any page form field: empty, odd, too long, a wrong date, a word some form expects. */
export const formField = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.constantFrom(
    "",
    " ",
    "@",
    "a@b",
    "1990-02-30",
    "2015-01-01",
    "<script>alert(1)</script>",
    "9".repeat(300),
    "nl",
    "xx",
    "on",
    "like",
    "unlike",
    "gift",
    "block",
    "unblock",
    "pass",
    "check",
    "pay",
    "start",
    "confirm",
    "resend",
    "ideal",
    "paypal",
    "directdebit",
    "NL91ABNA0417164300",
    "spam",
    "other",
    "paid",
    "failed",
    "female",
    "male",
  ),
  fc.integer({ min: -5, max: 3000 }).map(String),
  fc.integer().map(String),
);

/** Page forms a visitor posts, with their fields. Sign-in and other visitor actions count per client address. */
export const visitorActions: Record<string, string[]> = {
  "/login": ["email", "password", "redirectTo"],
  "/signup": ["gender", "seeking", "email", "name", "date_of_birth", "password", "signup_message", "target", "ref"],
  "/reset-password": ["email"],
  "/reset-password/do": ["token", "password", "password_repeat"],
  "/account-deleted": ["email"],
  "/lang-config": ["locale", "redirectTo"],
  "/site-entry": ["redirectTo"],
  "/complaints": ["name", "email", "subject", "message"],
  "/unsubscribe": ["token", "type", "intent"],
  "/activate/done": ["token"],
};

/** Page forms a member posts, with their fields and how many posts one member's write bucket allows. */
export const memberActions: Record<string, { fields: string[]; perMember: number }> = {
  "/notifications": {
    fields: ["intent", "email", "current_password", "password", "password_repeat", "country", "region", "invisible"],
    perMember: 110,
  },
  "/complete-signup": { fields: ["country", "region", "about"], perMember: 110 },
  "/activate/resend": { fields: ["x"], perMember: 18 },
  "/profile": {
    fields: [
      "name",
      "gender",
      "seeking",
      "sexuality",
      "body_type",
      "tattoos",
      "height_cm",
      "about",
      "interests",
      "country",
    ],
    perMember: 18,
  },
  "/members/{id}": { fields: ["intent", "gift", "target"], perMember: 55 },
  "/members/{id}/chat": { fields: ["intent", "target"], perMember: 110 },
  "/swipe-game": { fields: ["intent", "target"], perMember: 55 },
  "/match-finder": { fields: ["intent", "target"], perMember: 55 },
  "/credits": { fields: ["intent", "package", "method", "code"], perMember: 110 },
  "/credits/repeat-order": { fields: ["package", "method", "code"], perMember: 110 },
  "/directdebit": {
    fields: [
      "intent",
      "package",
      "account_holder",
      "iban",
      "street",
      "house_number",
      "postcode",
      "city",
      "mobile",
      "consent",
      "mandate",
      "code",
    ],
    perMember: 110,
  },
  "/report": { fields: ["member", "conversation", "seq", "reason", "text"], perMember: 110 },
  "/payments/sandbox/{id}": { fields: ["outcome"], perMember: 110 },
};

export const fillPath = (path: string, id: number) => path.replace("{id}", String(id));

const randomIp = () => `198.18.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;

/** A page form post from this site, each from its own client address. */
export function formPost(base: string, form: Record<string, string>, cookie?: string): RequestInit {
  return {
    method: "POST",
    redirect: "manual",
    headers: {
      Origin: base,
      "CF-Connecting-IP": randomIp(),
      "Content-Type": "application/x-www-form-urlencoded",
      ...(cookie ? { Cookie: cookie } : {}),
    },
    body: new URLSearchParams(form),
  };
}

/** What a page form's refusal must show: an alert, the error page, or a localised JSON message or field errors. */
export const SAYS_WHAT_IS_WRONG =
  /role="alert"|data-testid="error-page"|^\{.*"message":"[^"]{8,}|^\{"result":\{"status":"error"/;

/**
 * Bodies over every limit (a page form's 256 KB, an /api body's 64 KB), each
 * with its length declared and sent in chunks without one: the Worker refuses
 * them before, or while, reading them, and the requests after must not notice.
 */
export function oversizedPosts(base: string): Array<{ what: string; path: string; init: () => RequestInit }> {
  const size = 3 * 1024 * 1024;
  const chunk = new Uint8Array(64 * 1024).fill(120);
  const chunked = () =>
    new ReadableStream<Uint8Array>({
      start(controller) {
        for (let sent = 0; sent < size; sent += chunk.length) controller.enqueue(chunk);
        controller.close();
      },
    });
  const targets: Array<{ path: string; headers: Record<string, string> }> = [
    { path: "/api/payments/webhook/sandbox", headers: { "Content-Type": "application/x-www-form-urlencoded" } },
    { path: "/api/user.php", headers: { "Content-Type": "application/json", "X-Requested-With": "XMLHttpRequest" } },
    { path: "/login", headers: { "Content-Type": "application/x-www-form-urlencoded" } },
  ];
  return targets.flatMap(({ path, headers }) => [
    {
      what: `POST ${path} with 3 MB declared`,
      path,
      init: () => ({ method: "POST", headers: { ...headers, Origin: base }, body: new Uint8Array(size).fill(120) }),
    },
    {
      what: `POST ${path} with 3 MB in chunks`,
      path,
      // Node's fetch streams a body only when told it is half duplex.
      init: () =>
        ({ method: "POST", headers: { ...headers, Origin: base }, body: chunked(), duplex: "half" }) as RequestInit,
    },
  ]);
}
