// A 404 says what was not found: a member, a payment, a package or a
// conversation gets the route's own message, in the visitor's language; an
// address that names no page at all keeps the generic "page not found".
import { SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { givenAccount, sessionCookieFor } from "./fixtures.ts";

/** The error page's heading and status for a path, as the server renders it. */
async function errorHeading(path: string, cookie = "") {
  const response = await SELF.fetch(`http://localhost${path}`, { headers: { Cookie: cookie } });
  const html = (await response.text()).replaceAll("<!-- -->", "");
  const heading = /<div[^>]*data-testid="error-page"[^>]*>[\s\S]*?<h1[^>]*>([\s\S]*?)<\/h1>/.exec(html)?.[1] ?? null;
  return { status: response.status, heading };
}

describe("a 404 page", () => {
  it("names a member that does not exist, in the visitor's language", async () => {
    expect(await errorHeading("/members/999999?lng=en")).toEqual({
      status: 404,
      heading: "This profile does not exist (any more).",
    });
    expect(await errorHeading("/members/999999?lng=de")).toMatchObject({
      heading: "Dieses Profil existiert nicht (mehr).",
    });
  });

  it("names a payment, a package and a conversation that do not exist", async () => {
    const cookie = `${await sessionCookieFor(await givenAccount())}; lng=en`;
    expect(await errorHeading("/transactions/999999", cookie)).toEqual({
      status: 404,
      heading: "This payment does not exist.",
    });
    expect(await errorHeading("/credits/999999", cookie)).toEqual({
      status: 404,
      heading: "This package does not exist (any more).",
    });
    expect(await errorHeading("/chats/999999", cookie)).toEqual({
      status: 404,
      heading: "This conversation does not exist (any more).",
    });
  });

  it("keeps 'This page could not be found' for an address that names no page", async () => {
    expect(await errorHeading("/no-such-page/at-all?lng=en")).toEqual({
      status: 404,
      heading: "This page could not be found",
    });
    expect(await errorHeading("/no-such-page/at-all?lng=nl")).toMatchObject({
      heading: "Deze pagina kon niet worden gevonden",
    });
  });
});
