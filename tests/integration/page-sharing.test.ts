// What a shared link of a public page shows, and what every document says
// about itself: Open Graph in the page's language with the domain's share
// picture (a 1200×630 PNG, never a member's photo), nothing of a member in any
// meta tag, the company as JSON-LD, and the adult-content labels.
import { SELF } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { profiles } from "#app/server/db/schema.ts";
import { builtInSettings } from "#app/server/settings/defaults.ts";
import { db, givenCompany, givenDomainSettings, givenMember } from "./fixtures.ts";

const SITE = "http://localhost";
const RTA = "RTA-5042-1996-1400-1577-RTA";

interface Head {
  status: number;
  rating: string | null;
  lang: string | null;
  title: string;
  canonical: string | null;
  meta: { key: string; content: string }[];
  jsonLd: string[];
}

async function head(path: string): Promise<Head> {
  const response = await SELF.fetch(`${SITE}${path}`, { redirect: "manual" });
  const found: Head = {
    status: response.status,
    rating: response.headers.get("rating"),
    lang: null,
    title: "",
    canonical: null,
    meta: [],
    jsonLd: [],
  };
  let script: string | null = null;
  let inTitle = false;
  await new HTMLRewriter()
    .on("html", {
      element: (e) => {
        found.lang = e.getAttribute("lang");
      },
    })
    .on("head > title", {
      element: (e) => {
        inTitle = true;
        e.onEndTag(() => {
          inTitle = false;
        });
      },
      text: (t) => {
        if (inTitle) found.title += t.text;
      },
    })
    .on('head link[rel="canonical"]', {
      element: (e) => {
        found.canonical = e.getAttribute("href");
      },
    })
    .on("head meta", {
      element: (e) => {
        const key = e.getAttribute("property") ?? e.getAttribute("name");
        if (key) found.meta.push({ key, content: e.getAttribute("content") ?? "" });
      },
    })
    .on('script[type="application/ld+json"]', {
      element: (e) => {
        script = "";
        e.onEndTag(() => {
          found.jsonLd.push(script!);
          script = null;
        });
      },
      text: (t) => {
        if (script !== null) script += t.text;
      },
    })
    .transform(response)
    .text();
  return found;
}

const values = (page: Head, key: string) => page.meta.filter((m) => m.key === key).map((m) => m.content);
const one = (page: Head, key: string) => {
  const all = values(page, key);
  expect(all, key).toHaveLength(1);
  return all[0]!;
};

function expectShared(page: Head, url: string, locale: string) {
  expect(page.status, url).toBe(200);
  expect(one(page, "og:type")).toBe("website");
  expect(one(page, "og:title")).not.toBe("");
  expect(one(page, "og:description")).not.toBe("");
  expect(one(page, "og:url")).toBe(url);
  expect(page.canonical).toBe(url);
  expect(one(page, "og:image")).toBe(`${SITE}/share-image.png`);
  expect(one(page, "og:image:width")).toBe("1200");
  expect(one(page, "og:image:height")).toBe("630");
  expect(one(page, "og:image:type")).toBe("image/png");
  expect(one(page, "og:image:alt")).not.toBe("");
  expect(one(page, "og:site_name")).toBe(builtInSettings.name);
  expect(one(page, "og:locale")).toBe(locale);
  expect(one(page, "twitter:card")).toBe("summary_large_image");
}

describe("sharing a public page", () => {
  it("shows the page's own title, address and language, with the domain's share picture", async () => {
    await givenCompany();
    await givenMember({ photos: [{}] });
    for (const path of ["/", "/members", "/pricing", "/pages/terms", "/landers/video", "/signup", "/login"]) {
      const page = await head(path);
      expectShared(page, `${SITE}${path}`, "nl_NL");
      expect(one(page, "og:title"), path).toBe(page.title);
      expect(values(page, "description")[0], path).toBe(one(page, "og:description"));
    }
    // A campaign's lander is shared as the lander its search engines are given (its canonical address).
    const campaign = await head("/landers/video/milf-amsterdam?ref=mail");
    expectShared(campaign, `${SITE}/landers/video/milf`, "nl_NL");
    const english = await head("/pricing?lng=en");
    expect(english.lang).toBe("en");
    expectShared(english, `${SITE}/pricing?lng=en`, "en_GB");
  });

  it("gives a lander whose title opens with its audience a title that starts with a capital", async () => {
    for (const path of ["/landers/maplanding", "/landers/iconslanding", "/landers/maplanding?lng=en"]) {
      const { title } = await head(path);
      expect(title.charAt(0), `${path}: ${title}`).toBe(title.charAt(0).toLocaleUpperCase());
      expect(one(await head(path), "og:title"), path).toBe(title);
    }
  });

  it("answers the share picture as a 1200×630 PNG", async () => {
    const response = await SELF.fetch(`${SITE}/share-image.png`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/png");
    expect(response.headers.get("cache-control")).toBe("public, max-age=86400");
    const png = new Uint8Array(await response.arrayBuffer());
    expect([...png.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    const ihdr = new DataView(png.buffer, png.byteOffset + 8);
    expect(new TextDecoder().decode(png.subarray(12, 16))).toBe("IHDR");
    expect([ihdr.getUint32(8), ihdr.getUint32(12)]).toEqual([1200, 630]);
  });

  it("draws the share picture in the domain's theme colours", async () => {
    await givenDomainSettings("localhost", { ...builtInSettings, theme: { primary: "#1d4f8f", secondary: "#444444" } });
    const response = await SELF.fetch(`${SITE}/share-image.png`);
    const { PhotonImage } = await import("@cf-wasm/photon/workerd");
    const image = PhotonImage.new_from_byteslice(new Uint8Array(await response.arrayBuffer()));
    try {
      const pixels = image.get_raw_pixels();
      const at = (x: number, y: number) => [...pixels.subarray((y * 1200 + x) * 4, (y * 1200 + x) * 4 + 4)];
      // The gradient starts at the primary colour; the heart in the middle is white.
      expect(at(0, 0)).toEqual([0x1d, 0x4f, 0x8f, 255]);
      expect(at(600, 315)).toEqual([255, 255, 255, 255]);
    } finally {
      image.free();
    }
  });
});

describe("a member's pages when shared", () => {
  it("carry no photo, about text or orientation of the member in any meta tag", async () => {
    await givenCompany();
    const id = await givenMember({ name: "Ilse", photos: [{}] });
    await db.update(profiles).set({ about: "Loves sailing on the Vinkeveense Plassen" }).where(eq(profiles.userId, id));
    for (const path of [
      `/members/${id}`,
      `/members/${id}/signup`,
      `/members/${id}/landing2`,
      `/members/${id}/landing3`,
    ]) {
      const page = await head(path);
      expect(page.status, path).toBe(200);
      const images = page.meta.filter((m) => m.key.startsWith("og:image") || m.key.startsWith("twitter:image"));
      expect(values(page, "og:image"), path).toEqual([`${SITE}/share-image.png`]);
      expect(images.map((m) => m.content).join(" "), path).not.toMatch(/\/media\/|\.svg/);
      const said = page.meta.map((m) => m.content).join(" ");
      expect(said, path).not.toMatch(/Vinkeveense|hetero|straight|female|vrouw/i);
      expect(values(page, "og:type"), path).toEqual(["website"]);
    }
  });
});

describe("every document", () => {
  it("names the company and the site as JSON-LD", async () => {
    await givenCompany();
    const page = await head("/");
    expect(page.jsonLd).toHaveLength(1);
    const graph = JSON.parse(page.jsonLd[0]!)["@graph"] as Record<string, unknown>[];
    const organization = graph.find((node) => node["@type"] === "Organization")!;
    expect(organization).toMatchObject({
      name: "Test Media B.V.",
      address: {
        "@type": "PostalAddress",
        streetAddress: "Teststraat 1",
        postalCode: "1000 AA",
        addressLocality: "Amsterdam",
        addressCountry: "NL",
      },
      vatID: "NL000000000B01",
      // The domain's own support contact, as the footer shows it.
      contactPoint: {
        "@type": "ContactPoint",
        email: builtInSettings.support_email,
        telephone: builtInSettings.support_phone,
      },
    });
    expect(JSON.stringify(organization.identifier)).toContain("12345678");
    expect(graph.find((node) => node["@type"] === "WebSite")).toMatchObject({
      name: builtInSettings.name,
      url: `${SITE}/`,
      inLanguage: "nl-NL",
    });
  });

  it("keeps a closing script tag in the company's data from ending the JSON-LD", async () => {
    await givenCompany({ name: "Evil </script><script>alert(1)</script> B.V." });
    const page = await head("/");
    const graph = JSON.parse(page.jsonLd[0]!)["@graph"] as Record<string, unknown>[];
    expect(graph.find((node) => node["@type"] === "Organization")?.name).toBe(
      "Evil </script><script>alert(1)</script> B.V.",
    );
  });

  it("is labelled adult content, in the head and in a header, on pages, landers and errors", async () => {
    await givenCompany();
    for (const path of ["/", "/landers/video", "/this-page-does-not-exist"]) {
      const page = await head(path);
      expect(values(page, "rating"), path).toEqual(["adult"]);
      expect(values(page, "RATING"), path).toEqual([RTA]);
      expect(page.rating, path).toBe(RTA);
    }
  });
});
