// The default layout comes in variants: the home page (index) has its own,
// other pages one for visitors (logged-out) and one for members (logged-in).
// (The installed-app variant is the browser's: it knows the display mode.)
import { SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { givenAccount, sessionCookieFor } from "./fixtures.ts";

async function variantOf(path: string, cookie = "") {
  const html = await (await SELF.fetch(`http://localhost${path}`, { headers: { Cookie: cookie } })).text();
  return /data-layout-variant="([^"]*)"/.exec(html)?.[1] ?? null;
}

describe("the default layout's variant", () => {
  it("is index on the home page, for a visitor and a member alike", async () => {
    expect(await variantOf("/")).toBe("index");
    expect(await variantOf("/", await sessionCookieFor(await givenAccount()))).toBe("index");
  });

  it("is logged-out for a visitor's other pages and logged-in for a member's", async () => {
    expect(await variantOf("/login")).toBe("logged-out");
    expect(await variantOf("/members", await sessionCookieFor(await givenAccount()))).toBe("logged-in");
  });

  it("gives the home page its own navigation bar, over the page's header", async () => {
    const html = await (await SELF.fetch("http://localhost/")).text();
    expect(/<header[^>]*data-nav-variant="index"/.test(html)).toBe(true);
  });
});
