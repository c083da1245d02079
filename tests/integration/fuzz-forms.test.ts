// Malformed input to every page form action, through the real Worker inside
// workerd: never a 5xx (setup.ts fails the test on any), and a 4xx always says
// what is wrong, as an alert, the error page or a localised JSON message.
// Members are given straight in D1, each with a session; every request comes
// from its own client address, since sign-in and other visitor actions count
// per address. /api endpoints: fuzz-api.test.ts.
import { SELF } from "cloudflare:test";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { givenAccount, sessionCookieFor } from "./fixtures.ts";

const BASE = "http://localhost";
const VISITOR_RUNS = 150;
const MEMBER_RUNS = 75;

const field = fc.oneof(
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

const randomIp = () => `198.18.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;

// Sign-in and other visitor actions count per client address; each request comes from its own.
const visitorActions: Record<string, string[]> = {
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

// Member actions count per member: each action gets fresh members, no more requests each than its bucket allows.
const memberActions: Record<string, { fields: string[]; perMember: number }> = {
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

function expectGraceful(path: string, form: unknown, status: number, body: string) {
  expect(status, `${path} ${JSON.stringify(form)}`).toBeLessThan(500);
  if (status >= 400) {
    // A page shows the error as an alert or as the error page; a resource route (and a 429) answers
    // JSON with a localised message, or the form's field errors for the dialog that posted it.
    expect(body, `${path} says what is wrong`).toMatch(
      /role="alert"|data-testid="error-page"|^\{.*"message":"[^"]{8,}|^\{"result":\{"status":"error"/,
    );
  }
}

const fillPath = (path: string, id: number) => path.replace("{id}", String(id));

async function post(path: string, form: Record<string, string>, cookie?: string) {
  const response = await SELF.fetch(`${BASE}${path}`, {
    method: "POST",
    redirect: "manual",
    headers: {
      Origin: BASE,
      "CF-Connecting-IP": randomIp(),
      "Content-Type": "application/x-www-form-urlencoded",
      ...(cookie ? { Cookie: cookie } : {}),
    },
    body: new URLSearchParams(form),
  });
  return { status: response.status, body: await response.text() };
}

describe("fuzzing the page forms", () => {
  it("visitor form actions answer malformed input without a 5xx", { timeout: 300_000 }, async () => {
    let sent = 0;
    for (const [path, names] of Object.entries(visitorActions)) {
      await fc.assert(
        fc.asyncProperty(fc.dictionary(fc.constantFrom(...names), field), async (form) => {
          const { status, body } = await post(path, form);
          sent++;
          expectGraceful(path, form, status, body);
        }),
        { numRuns: VISITOR_RUNS },
      );
    }
    expect(sent).toBe(Object.keys(visitorActions).length * VISITOR_RUNS);
  });

  it("member form actions answer malformed input without a 5xx", { timeout: 300_000 }, async () => {
    let sent = 0;
    for (const [path, { fields, perMember }] of Object.entries(memberActions)) {
      const members: string[] = [];
      for (let i = 0; i < Math.ceil(MEMBER_RUNS / perMember); i++) {
        members.push(await sessionCookieFor(await givenAccount({ name: "Fuzz" })));
      }
      let n = 0;
      await fc.assert(
        fc.asyncProperty(
          fc.dictionary(fc.constantFrom(...fields), field),
          fc.integer({ min: 1, max: 3000 }),
          async (form, id) => {
            const target = fillPath(path, id);
            const { status, body } = await post(target, form, members[Math.floor(n++ / perMember)]);
            sent++;
            expectGraceful(target, form, status, body);
          },
        ),
        { numRuns: MEMBER_RUNS },
      );
    }
    expect(sent).toBe(Object.keys(memberActions).length * MEMBER_RUNS);
  });
});
