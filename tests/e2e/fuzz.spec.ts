// Malformed input to every form action and to /api/user.php, against the
// production build: never a 5xx; a 4xx always says what is wrong.
import type { APIRequestContext } from "@playwright/test";
import fc from "fast-check";
import { expect, test } from "./support.ts";

const RUNS = 30;

const field = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.constantFrom("", " ", "@", "a@b", "1990-02-30", "<script>alert(1)</script>", "9".repeat(300), "nl", "xx", "on"),
  fc.integer().map(String),
);

const visitorActions: Record<string, string[]> = {
  "/login": ["email", "password", "redirectTo"],
  "/signup": ["gender", "seeking", "email", "name", "date_of_birth", "password", "signup_message", "target", "ref"],
  "/reset-password": ["email"],
  "/reset-password/do": ["token", "password", "password_repeat"],
  "/account-deleted": ["email"],
  "/lang-config": ["locale", "redirectTo"],
  "/site-entry": ["redirectTo"],
};

const memberActions: Record<string, string[]> = {
  "/notifications": [
    "intent",
    "email",
    "current_password",
    "password",
    "password_repeat",
    "country",
    "region",
    "invisible",
  ],
  "/complete-signup": ["country", "region", "about"],
  "/activate/resend": ["x"],
};

async function expectGracefulAnswers(request: APIRequestContext, baseURL: string, actions: Record<string, string[]>) {
  for (const [path, names] of Object.entries(actions)) {
    await fc.assert(
      fc.asyncProperty(fc.dictionary(fc.constantFrom(...names), field), async (form) => {
        const response = await request.post(path, {
          form,
          headers: { Origin: baseURL },
          maxRedirects: 0,
          failOnStatusCode: false,
        });
        const status = response.status();
        expect(status, `${path} ${JSON.stringify(form)}`).toBeLessThan(500);
        if (status >= 400) {
          const body = await response.text();
          // A page shows the error; a resource route (and a 429) answers JSON with a localised message.
          expect(body, `${path} says what is wrong`).toMatch(/role="alert"|<h1[^>]*>[^<]+<\/h1>|^\{"message":"[^"]{8,}/);
        }
      }),
      { numRuns: RUNS },
    );
  }
}

test.describe("fuzzing the forms", () => {
  test.describe.configure({ timeout: 180_000 });

  test("visitor form actions answer malformed input without a 5xx", async ({ request, baseURL, isMobile }) => {
    test.skip(isMobile, "the server does not care about the screen");
    await expectGracefulAnswers(request, baseURL!, visitorActions);
  });

  test("member form actions answer malformed input without a 5xx", async ({ request, baseURL, isMobile }) => {
    test.skip(isMobile, "the server does not care about the screen");
    const login = await request.post("/api/user.php", {
      data: { email: "premium@hartslag.example", password: "hartslag-demo" },
      headers: { "X-Requested-With": "XMLHttpRequest", Origin: baseURL! },
    });
    expect(login.status()).toBe(200);
    await expectGracefulAnswers(request, baseURL!, memberActions);
  });

  test("/api/user.php answers malformed bodies with a 4xx and a message", async ({ request, baseURL, isMobile }) => {
    test.skip(isMobile, "the server does not care about the screen");
    await fc.assert(
      fc.asyncProperty(fc.constantFrom("POST", "PUT"), fc.oneof(fc.json(), fc.string()), async (method, body) => {
        const response = await request.fetch("/api/user.php", {
          method,
          data: body,
          headers: { "Content-Type": "application/json", "X-Requested-With": "XMLHttpRequest", Origin: baseURL! },
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
