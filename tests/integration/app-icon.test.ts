// The installed app's icons (/app-icon/{file}): PNGs of the size the manifest
// names, the mark in white on the theme colour (rounded for "any", full
// square for maskable and Apple's), a domain's SVG or raster logo drawn in
// the mark's place, and long caching.
import { SELF } from "cloudflare:test";
import { PhotonImage } from "@cf-wasm/photon/workerd";
import { describe, expect, it } from "vitest";
import { type IconFile, iconFiles, renderIcon, svgLogo } from "#app/server/pwa/icons.ts";
import { builtInSettings } from "#app/server/settings/defaults.ts";
import { givenDomainSettings } from "./fixtures.ts";

const PRIMARY = "#1d4f8f";
const primary = [0x1d, 0x4f, 0x8f, 255];
const white = [255, 255, 255, 255];

function decode(png: Uint8Array) {
  const image = PhotonImage.new_from_byteslice(png);
  try {
    const width = image.get_width();
    const pixels = image.get_raw_pixels();
    return {
      width,
      height: image.get_height(),
      at: (x: number, y: number) => [...pixels.subarray((y * width + x) * 4, (y * width + x) * 4 + 4)],
    };
  } finally {
    image.free();
  }
}

describe("app icons", () => {
  it("are PNGs of their size with the heart in white on the theme colour, cached for a week", async () => {
    await givenDomainSettings("localhost", {
      ...builtInSettings,
      theme: { primary: PRIMARY, secondary: "#444444" },
    });
    for (const [file, { size, purpose }] of Object.entries(iconFiles)) {
      const response = await SELF.fetch(`http://localhost/app-icon/${file}`);
      expect(response.status, file).toBe(200);
      expect(response.headers.get("content-type")).toBe("image/png");
      expect(response.headers.get("cache-control")).toBe("public, max-age=604800");
      const icon = decode(new Uint8Array(await response.arrayBuffer()));
      expect([icon.width, icon.height]).toEqual([size, size]);
      expect(icon.at(size / 2, size / 2), file).toEqual(white);
      expect(icon.at(size / 2, 2), file).toEqual(primary);
      // Rounded corners are clear; maskable and Apple's icons fill the square.
      expect(icon.at(1, 1)[3], file).toBe(purpose === "any" ? 0 : 255);
    }
  });

  it("answers 404 for a file that is no icon", async () => {
    const response = await SELF.fetch("http://localhost/app-icon/64.png");
    expect(response.status).toBe(404);
  });

  it("draws an SVG logo's shapes, fitted to the mark's box, in white", async () => {
    // A ring: its centre stays the theme colour, the ring itself is white.
    const logo = await svgLogo(
      `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100"><circle cx="70" cy="70" r="20" fill="none" stroke="#000" stroke-width="8"/></svg>`,
    );
    expect(logo).not.toBeNull();
    const icon = decode(await renderIcon("maskable-512.png", logo!, PRIMARY));
    expect(icon.at(256, 256)).toEqual(primary);
    // The ring fills the middle half of the square: its left edge sits near x = 128.
    expect(icon.at(134, 256)).toEqual(white);
    expect(icon.at(120, 256)).toEqual(primary);
  });

  it("finds nothing to draw in an SVG without shapes or in what is no SVG", async () => {
    expect(await svgLogo(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><g/></svg>`)).toBeNull();
    expect(await svgLogo("not an svg")).toBeNull();
  });

  it("puts a raster logo, scaled into the box, on white", async () => {
    const red = new PhotonImage(
      new Uint8Array(40 * 20 * 4).map((_, i) => (i % 4 === 1 || i % 4 === 2 ? 0 : 255)),
      40,
      20,
    );
    const bytes = red.get_bytes();
    red.free();
    const file: IconFile = "192.png";
    const icon = decode(await renderIcon(file, { kind: "raster", bytes }, PRIMARY));
    expect(icon.at(96, 96)).toEqual([255, 0, 0, 255]);
    // Twice as wide as high: above and below the logo is the white background.
    expect(icon.at(96, 50)).toEqual(white);
    expect(icon.at(96, 5)).toEqual(white);
  });
});
