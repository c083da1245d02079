// Malformed input to every page form action, through the real Worker inside
// workerd: never a 5xx (setup.ts fails the test on any), and a 4xx always says
// what is wrong, as an alert, the error page or a localised JSON message.
// Members are given straight in D1, each with a session; every request comes
// from its own client address, since sign-in and other visitor actions count
// per address. The forms and their odd values are tests/junk-requests.ts, which
// the dev-server sweep posts too. /api endpoints: fuzz-api.test.ts.
import { SELF } from "cloudflare:test";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { fillPath, formField, formPost, memberActions, SAYS_WHAT_IS_WRONG, visitorActions } from "../junk-requests.ts";
import { givenAccount, sessionCookieFor } from "./fixtures.ts";

const BASE = "http://localhost";
const VISITOR_RUNS = 150;
const MEMBER_RUNS = 75;

function expectGraceful(path: string, form: unknown, status: number, body: string) {
  expect(status, `${path} ${JSON.stringify(form)}`).toBeLessThan(500);
  // A page shows the error as an alert or as the error page; a resource route (and a 429) answers
  // JSON with a localised message, or the form's field errors for the dialog that posted it.
  if (status >= 400) expect(body, `${path} says what is wrong`).toMatch(SAYS_WHAT_IS_WRONG);
}

async function post(path: string, form: Record<string, string>, cookie?: string) {
  const response = await SELF.fetch(`${BASE}${path}`, formPost(BASE, form, cookie));
  return { status: response.status, body: await response.text() };
}

describe("fuzzing the page forms", () => {
  it("visitor form actions answer malformed input without a 5xx", { timeout: 300_000 }, async () => {
    let sent = 0;
    for (const [path, names] of Object.entries(visitorActions)) {
      await fc.assert(
        fc.asyncProperty(fc.dictionary(fc.constantFrom(...names), formField), async (form) => {
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
          fc.dictionary(fc.constantFrom(...fields), formField),
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
