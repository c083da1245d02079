// Malformed input to every page form action and to /api/user.php, against the
// production build: never a 5xx; a 4xx always says what is wrong.
// Together with tests/integration/fuzz-api.test.ts (8,000 /api requests) this
// sends more than 10,000 generated inputs.
import { type APIRequestContext, request as playwrightRequest } from "@playwright/test";
import fc from "fast-check";
import { expect, test } from "./support.ts";

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

/** A freshly signed-up member with their own cookie jar and client address. */
async function freshMember(baseURL: string, tag: string): Promise<APIRequestContext> {
  const context = await playwrightRequest.newContext({
    baseURL,
    extraHTTPHeaders: { Origin: baseURL, "CF-IPCountry": "NL", "CF-Connecting-IP": randomIp() },
  });
  const response = await context.post("/signup", {
    form: {
      gender: "female",
      seeking: "male",
      name: "Fuzz",
      email: `fuzz-${tag}-${Date.now().toString(36)}${Math.floor(Math.random() * 1e6)}@e2e.example`,
      date_of_birth: "1990-04-04",
      password: "e2e-secret-password",
    },
    maxRedirects: 0,
    failOnStatusCode: false,
  });
  expect(response.status(), "signup for fuzzing").toBeLessThan(400);
  expect((await context.storageState()).cookies.some((c) => c.name === "session")).toBe(true);
  return context;
}

test.describe("fuzzing the forms", () => {
  test.describe.configure({ timeout: 300_000 });

  test("visitor form actions answer malformed input without a 5xx", async ({ request, baseURL }) => {
    let sent = 0;
    for (const [path, names] of Object.entries(visitorActions)) {
      await fc.assert(
        fc.asyncProperty(fc.dictionary(fc.constantFrom(...names), field), async (form) => {
          const response = await request.post(path, {
            form,
            headers: { Origin: baseURL!, "CF-Connecting-IP": randomIp() },
            maxRedirects: 0,
            failOnStatusCode: false,
          });
          sent++;
          expectGraceful(path, form, response.status(), await response.text());
        }),
        { numRuns: VISITOR_RUNS },
      );
    }
    expect(sent).toBe(Object.keys(visitorActions).length * VISITOR_RUNS);
  });

  test("member form actions answer malformed input without a 5xx", async ({ baseURL }) => {
    let sent = 0;
    for (const [path, { fields, perMember }] of Object.entries(memberActions)) {
      const members: APIRequestContext[] = [];
      for (let i = 0; i < Math.ceil(MEMBER_RUNS / perMember); i++) members.push(await freshMember(baseURL!, `${i}`));
      let n = 0;
      await fc.assert(
        fc.asyncProperty(
          fc.dictionary(fc.constantFrom(...fields), field),
          fc.integer({ min: 1, max: 3000 }),
          async (form, id) => {
            const member = members[Math.floor(n++ / perMember)]!;
            const target = fillPath(path, id);
            const response = await member.post(target, { form, maxRedirects: 0, failOnStatusCode: false });
            sent++;
            expectGraceful(target, form, response.status(), await response.text());
          },
        ),
        { numRuns: MEMBER_RUNS },
      );
      await Promise.all(members.map((m) => m.dispose()));
    }
    expect(sent).toBe(Object.keys(memberActions).length * MEMBER_RUNS);
  });

  test("/api/user.php answers malformed bodies with a 4xx and a message", async ({ request, baseURL }) => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom("POST", "PUT"), fc.oneof(fc.json(), fc.string()), async (method, body) => {
        const response = await request.fetch("/api/user.php", {
          method,
          data: body,
          headers: {
            "Content-Type": "application/json",
            "X-Requested-With": "XMLHttpRequest",
            Origin: baseURL!,
            "CF-Connecting-IP": randomIp(),
          },
          failOnStatusCode: false,
        });
        expect(response.status()).toBeGreaterThanOrEqual(400);
        expect(response.status()).toBeLessThan(500);
        expect((await response.json()).message).toEqual(expect.any(String));
      }),
      { numRuns: 100 },
    );
  });
});
