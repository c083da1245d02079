import { env, SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";

const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"/>';

describe("GET /media/photos/<key>", () => {
  it("serves a photo from R2 with its type, a long cache and a sandboxing CSP", async () => {
    await env.PHOTOS.put("seed/1-0-abc.svg", svg, { httpMetadata: { contentType: "image/svg+xml" } });
    const response = await SELF.fetch("http://localhost/media/photos/seed/1-0-abc.svg");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/svg+xml");
    expect(response.headers.get("cache-control")).toContain("immutable");
    expect(response.headers.get("content-security-policy")).toContain("sandbox");
    expect(await response.text()).toBe(svg);
  });

  it("answers 304 to a matching If-None-Match", async () => {
    await env.PHOTOS.put("seed/2.svg", svg, { httpMetadata: { contentType: "image/svg+xml" } });
    const first = await SELF.fetch("http://localhost/media/photos/seed/2.svg");
    await first.arrayBuffer();
    const again = await SELF.fetch("http://localhost/media/photos/seed/2.svg", {
      headers: { "If-None-Match": first.headers.get("etag")! },
    });
    expect(again.status).toBe(304);
  });

  it("answers 404 for a missing photo or a path outside the bucket", async () => {
    expect((await SELF.fetch("http://localhost/media/photos/nope.svg")).status).toBe(404);
    expect((await SELF.fetch("http://localhost/media/photos/a/../b.svg")).status).toBe(404);
  });
});
