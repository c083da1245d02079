// What a search engine is told about each page, as a crawler without cookies
// gets it: a member's page and photos are never indexed, utility and error
// pages are not, the site's own public pages are, each under one canonical
// address, and a lander slug names a niche or is not found.
import { env, SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { givenCompany, givenDomainSettings, givenMember } from "./fixtures.ts";

const OPEN = "open.example";
const CLOSED = "closed.example";
const MEMBER_PRIVATE = "noindex, nofollow, noarchive, noimageindex";
const NOT_INDEXED = "noindex, follow";

async function givenDomains() {
  await givenCompany();
  const site = { countries: ["NL"], company_id: 1 };
  await givenDomainSettings(OPEN, { ...site, name: "Open", domain: OPEN });
  await givenDomainSettings(CLOSED, { ...site, name: "Closed", domain: CLOSED, signups: "none" });
}

interface Page {
  status: number;
  header: string | null;
  robots: string | null;
  canonical: string | null;
}

async function page(path: string, host = OPEN): Promise<Page> {
  const response = await SELF.fetch(`https://${host}${path}`, {
    headers: { "user-agent": "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)" },
    redirect: "manual",
  });
  const found: Page = {
    status: response.status,
    header: response.headers.get("x-robots-tag"),
    robots: null,
    canonical: null,
  };
  await new HTMLRewriter()
    .on('meta[name="robots"]', {
      element: (e) => {
        found.robots = e.getAttribute("content");
      },
    })
    .on('link[rel="canonical"]', {
      element: (e) => {
        found.canonical = e.getAttribute("href");
      },
    })
    .transform(response)
    .arrayBuffer();
  return found;
}

describe("a member is never indexed", () => {
  it("says so on a member's page, in the head and in the header", async () => {
    await givenDomains();
    const id = await givenMember({ name: "Eva", photos: [{}] });
    const shown = await page(`/members/${id}`);
    expect(shown.status).toBe(200);
    expect(shown.robots).toBe(MEMBER_PRIVATE);
    expect(shown.header).toBe(MEMBER_PRIVATE);
  });

  it("says so on every photo file, found or not", async () => {
    const id = await givenMember({ photos: [{}] });
    const key = `u/${id}/0.svg`;
    await env.PHOTOS.put(key, '<svg xmlns="http://www.w3.org/2000/svg"/>', {
      httpMetadata: { contentType: "image/svg+xml" },
    });
    const photo = await SELF.fetch(`https://localhost/media/photos/${key}`);
    await photo.arrayBuffer();
    expect(photo.status).toBe(200);
    expect(photo.headers.get("x-robots-tag")).toBe("noindex, noimageindex");
    const missing = await SELF.fetch("https://localhost/media/private/999/full");
    await missing.arrayBuffer();
    expect(missing.status).toBe(404);
    expect(missing.headers.get("x-robots-tag")).toBe("noindex, noimageindex");
  });
});

describe("utility and error pages are not indexed, their links are followed", () => {
  it.each([
    ["/login", OPEN],
    ["/signup", OPEN],
    ["/signup", CLOSED],
    ["/account-deleted", OPEN],
    ["/activate/error", OPEN],
    ["/no-such-page", OPEN],
    ["/members?gender=female", OPEN],
  ])("%s on %s", async (path, host) => {
    await givenDomains();
    const shown = await page(path, host);
    expect(shown.robots, path).toBe(NOT_INDEXED);
    expect(shown.header, path).toBe(NOT_INDEXED);
  });

  it("names the list a filtered search belongs to as its canonical", async () => {
    await givenDomains();
    expect((await page("/members?gender=female&page=3")).canonical).toBe(`https://${OPEN}/members?page=3`);
  });
});

describe("the site's own public pages are indexed, each under its own address", () => {
  it.each([
    "/",
    "/pricing",
    "/pages/terms",
    "/landers/gallery",
    "/landers/gallery/milf",
    "/members",
    "/members?page=2",
  ])("%s", async (path) => {
    await givenDomains();
    const shown = await page(path);
    expect(shown.status, path).toBe(200);
    expect(shown.robots, path).toBeNull();
    expect(shown.header, path).toBeNull();
    expect(shown.canonical, path).toBe(`https://${OPEN}${path}`);
  });

  it("is not indexed under another query, and names its clean address", async () => {
    await givenDomains();
    const shown = await page("/pricing?utm_source=x");
    expect(shown.status).toBe(200);
    expect(shown.robots).toBe(NOT_INDEXED);
    expect(shown.canonical).toBe(`https://${OPEN}/pricing`);
    expect((await page("/members?page=1")).canonical).toBe(`https://${OPEN}/members`);
  });

  it("keeps the member list out where visitors may not search", async () => {
    await givenCompany();
    await givenDomainSettings(OPEN, {
      countries: ["NL"],
      company_id: 1,
      name: "Open",
      domain: OPEN,
      logged_out_search: false,
    });
    expect((await page("/members")).robots).toBe(NOT_INDEXED);
  });
});

describe("landers", () => {
  it("answers a slug that names no niche as not found", async () => {
    await givenDomains();
    const shown = await page("/landers/gallery/nonsense");
    expect(shown.status).toBe(404);
    expect(shown.robots).toBe(NOT_INDEXED);
    expect((await page("/landers/nonsense")).status).toBe(404);
  });

  it("keeps a campaign's slug out of the index, under its niche's lander", async () => {
    await givenDomains();
    const shown = await page("/landers/gallery/milf-amsterdam");
    expect(shown.status).toBe(200);
    expect(shown.robots).toBe(NOT_INDEXED);
    expect(shown.canonical).toBe(`https://${OPEN}/landers/gallery/milf`);
  });

  it("keeps a member's landing pages out, under the lander they stand for", async () => {
    await givenDomains();
    const id = await givenMember({ name: "Eva", photos: [{}] });
    for (const [path, lander] of [
      [`/members/${id}/landing2`, "/landers/gallery"],
      [`/members/${id}/landing3/milf-amsterdam`, "/landers/gallery/milf"],
      [`/members/${id}/signup`, "/landers/gallery"],
    ] as const) {
      const shown = await page(path);
      expect(shown.status, path).toBe(200);
      expect(shown.robots, path).toBe(MEMBER_PRIVATE);
      expect(shown.header, path).toBe(MEMBER_PRIVATE);
      expect(shown.canonical, path).toBe(`https://${OPEN}${lander}`);
    }
  });
});
