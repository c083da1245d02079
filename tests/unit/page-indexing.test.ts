import { describe, expect, it } from "vitest";
import { MEMBER_PRIVATE, NOT_INDEXED, type PageAsked, pageIndexing } from "#app/routing/indexing.ts";

const asked = (routeId: string, address: string, more: Partial<PageAsked> = {}): PageAsked => {
  const [pathname = "", search = ""] = address.split("?");
  return {
    routeId,
    pathname,
    search: search ? `?${search}` : "",
    failed: false,
    maySearch: true,
    landerSlug: null,
    ...more,
  };
};
const indexing = (...args: Parameters<typeof asked>) => pageIndexing(asked(...args));

describe("the site's own public pages", () => {
  it.each([
    ["routes/index", "/"],
    ["pricing", "/pricing"],
    ["pages-page", "/pages/terms"],
    ["landers-gallery", "/landers/gallery"],
    ["landers-video", "/landers/video/milf"],
    ["landers-tinderswipe", "/landers/tinderswipe"],
    ["routes/members", "/members"],
    ["routes/members", "/members?page=2"],
    ["pricing", "/pricing?lng=en"],
    ["routes/members", "/members?page=3&lng=de"],
  ])("%s at %s is indexable and its own canonical", (routeId, address) => {
    const found = indexing(routeId, address);
    expect(found.robots).toBeNull();
    expect(found.canonical).toBe(address);
  });

  it("is not indexed under any other query, and names its clean address", () => {
    expect(indexing("pricing", "/pricing?utm_source=mail")).toEqual({ robots: NOT_INDEXED, canonical: "/pricing" });
    expect(indexing("pricing", "/pricing?lng=xx")).toEqual({ robots: NOT_INDEXED, canonical: "/pricing" });
    expect(indexing("routes/index", "/?ref=7&lng=fr")).toEqual({ robots: NOT_INDEXED, canonical: "/?lng=fr" });
    expect(indexing("routes/members", "/members?page=1")).toEqual({ robots: NOT_INDEXED, canonical: "/members" });
    expect(indexing("routes/members", "/members?page=0")).toEqual({ robots: NOT_INDEXED, canonical: "/members" });
    expect(indexing("routes/members", "/members?lng=de&page=3")).toEqual({
      robots: NOT_INDEXED,
      canonical: "/members?page=3&lng=de",
    });
  });
});

describe("the member list", () => {
  it("filtered is not indexed, under the list's page", () => {
    expect(indexing("routes/members", "/members?gender=female&page=4")).toEqual({
      robots: NOT_INDEXED,
      canonical: "/members?page=4",
    });
  });

  it("is not indexed where visitors may not search", () => {
    expect(indexing("routes/members", "/members", { maySearch: false })).toEqual({
      robots: NOT_INDEXED,
      canonical: "/members",
    });
  });
});

describe("landers", () => {
  it("with a campaign's slug are not indexed, under the lander of the slug's niche", () => {
    expect(indexing("landers-gallery", "/landers/gallery/milf-amsterdam?ref=1")).toEqual({
      robots: NOT_INDEXED,
      canonical: "/landers/gallery/milf",
    });
  });

  it("on a niche domain have one address: the one under the niche's slug", () => {
    const niche = { landerSlug: "she" };
    expect(indexing("landers-gallery", "/landers/gallery", niche)).toEqual({
      robots: NOT_INDEXED,
      canonical: "/landers/gallery/she",
    });
    expect(indexing("landers-gallery", "/landers/gallery/she", niche).robots).toBeNull();
    expect(indexing("landers-gallery", "/landers/gallery/milf", niche).robots).toBeNull();
    // The swipe lander takes no slug: its one address is its own.
    expect(indexing("landers-tinderswipe", "/landers/tinderswipe", niche).robots).toBeNull();
    expect(indexing("members-id-landing2", "/members/12/landing2", niche).canonical).toBe("/landers/gallery/she");
  });

  it("a member's landing pages show a member: nothing indexed, under the gallery lander they stand for", () => {
    expect(indexing("members-id-landing2", "/members/12/landing2")).toEqual({
      robots: MEMBER_PRIVATE,
      canonical: "/landers/gallery",
    });
    expect(indexing("members-id-landing3", "/members/12/landing3/gay-berlin?lng=de")).toEqual({
      robots: MEMBER_PRIVATE,
      canonical: "/landers/gallery/gay?lng=de",
    });
    expect(indexing("members-id-signup", "/members/12/signup").canonical).toBe("/landers/gallery");
  });
});

describe("everything else", () => {
  it.each([
    ["members-id", "/members/12"],
    ["likes-m-id", "/likes/m/12"],
    ["members-id-chat", "/members/12/chat"],
    ["chats-id", "/chats/3"],
    ["premium", "/premium"],
    ["a-route-added-later", "/new"],
    [undefined, "/"],
  ])("%s is private: nothing of it indexed", (routeId, address) => {
    expect(pageIndexing(asked(routeId as string, address))).toEqual({
      robots: MEMBER_PRIVATE,
      canonical: address,
    });
  });

  it.each([
    ["routes/login", "/login?redirectTo=/members"],
    ["routes/signup", "/signup"],
    ["complete-signup", "/complete-signup"],
    ["routes/activate-error", "/activate/error"],
    ["routes/account-deleted", "/account-deleted"],
    ["routes/complaints", "/complaints"],
    ["unsubscribe", "/unsubscribe?token=x"],
    ["routes/not-found", "/no/such/page"],
  ])("%s is a utility page: not indexed, links followed", (routeId, address) => {
    expect(indexing(routeId, address)).toEqual({ robots: NOT_INDEXED, canonical: address.split("?")[0] });
  });

  it("an error on any page is not indexed, its links followed", () => {
    expect(indexing("members-id", "/members/99", { failed: true }).robots).toBe(NOT_INDEXED);
    expect(indexing("landers-gallery", "/landers/gallery/nonsense", { failed: true })).toEqual({
      robots: NOT_INDEXED,
      canonical: "/landers/gallery/nonsense",
    });
    expect(indexing("routes/index", "/", { failed: true }).robots).toBe(NOT_INDEXED);
  });
});
