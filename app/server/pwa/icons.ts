// The installed app's icons, generated from the domain's logo
// (settings.logo) in its theme colours: a white mark on the primary colour
// for vector logos and the built-in heart, a raster logo on white. "any"
// icons are rounded squares; "maskable" ones fill the square and keep the
// mark inside the 80 % safe zone; Apple's icon is a full square too.
import { PhotonImage, resize, SamplingFilter } from "@cf-wasm/photon/workerd";
import { encodePng } from "./png.ts";
import { coverage, fitPolygons, type Polygon, pathPolygons, roundedSquare } from "./raster.ts";

/** The heart of the top navigation (app/components/layout/logo-mark.tsx). */
export const HEART_PATH =
  "M12 21s-7.5-4.6-9.6-9.1C.9 8.6 2.8 4.5 6.6 4.1c2.1-.2 3.9.9 5.4 2.8 1.5-1.9 3.3-3 5.4-2.8 3.8.4 5.7 4.5 4.2 7.8C19.5 16.4 12 21 12 21z";

export const iconFiles = {
  "192.png": { size: 192, purpose: "any" },
  "512.png": { size: 512, purpose: "any" },
  "maskable-512.png": { size: 512, purpose: "maskable" },
  "apple-touch-icon.png": { size: 180, purpose: "apple" },
} as const;
export type IconFile = keyof typeof iconFiles;

export type Logo = { kind: "vector"; polygons: Polygon[] } | { kind: "raster"; bytes: Uint8Array };

const hex = (colour: string) =>
  [1, 3, 5].map((i) => Number.parseInt(colour.slice(i, i + 2), 16)) as [number, number, number];

/** The paths of a simple SVG logo (path and polygon elements); null when it has none we can draw. */
export function svgLogo(svg: string): Polygon[] | null {
  try {
    const polygons: Polygon[] = [];
    for (const match of svg.matchAll(/<path\b[^>]*\sd="([^"]+)"/g)) polygons.push(...pathPolygons(match[1]!));
    for (const match of svg.matchAll(/<polygon\b[^>]*\spoints="([^"]+)"/g)) {
      const numbers = match[1]!
        .trim()
        .split(/[\s,]+/)
        .map(Number);
      const polygon: Polygon = [];
      for (let i = 0; i + 1 < numbers.length; i += 2) polygon.push([numbers[i]!, numbers[i + 1]!]);
      if (polygon.length > 2) polygons.push(polygon);
    }
    return polygons.length > 0 ? polygons : null;
  } catch {
    return null;
  }
}

export async function renderIcon(file: IconFile, logo: Logo, primary: string): Promise<Uint8Array<ArrayBuffer>> {
  const { size, purpose } = iconFiles[file];
  const fullSquare = purpose !== "any";
  const background = fullSquare
    ? ([
        [0, 0],
        [size, 0],
        [size, size],
        [0, size],
      ] as [number, number][])
    : roundedSquare(0, 0, size, size * 0.22);
  const markShare = purpose === "maskable" ? 0.5 : purpose === "apple" ? 0.6 : 0.62;
  const box = { x: (size * (1 - markShare)) / 2, y: (size * (1 - markShare)) / 2, size: size * markShare };
  const base = coverage([background], size, size);
  const pixels = new Uint8Array(size * size * 4);
  const [bgR, bgG, bgB] = logo.kind === "raster" ? [255, 255, 255] : hex(primary);
  for (let i = 0; i < size * size; i++) {
    pixels.set([bgR, bgG, bgB, Math.round(base[i]! * 255)], i * 4);
  }
  if (logo.kind === "vector") {
    const mark = coverage(fitPolygons(logo.polygons, box), size, size);
    for (let i = 0; i < size * size; i++) {
      const a = mark[i]!;
      if (a === 0) continue;
      for (let c = 0; c < 3; c++) pixels[i * 4 + c] = Math.round(pixels[i * 4 + c]! * (1 - a) + 255 * a);
    }
  } else {
    drawRaster(pixels, size, logo.bytes, box);
  }
  return encodePng(pixels, size, size);
}

/** A PNG/JPEG/WebP logo scaled into the box, over the background. */
function drawRaster(pixels: Uint8Array, size: number, bytes: Uint8Array, box: { x: number; y: number; size: number }) {
  const owned: PhotonImage[] = [];
  try {
    const source = PhotonImage.new_from_byteslice(bytes);
    owned.push(source);
    const scale = box.size / Math.max(source.get_width(), source.get_height());
    const width = Math.max(1, Math.round(source.get_width() * scale));
    const height = Math.max(1, Math.round(source.get_height() * scale));
    const scaled = resize(source, width, height, SamplingFilter.Lanczos3);
    owned.push(scaled);
    const raw = scaled.get_raw_pixels();
    const left = Math.round(box.x + (box.size - width) / 2);
    const top = Math.round(box.y + (box.size - height) / 2);
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        const from = (y * width + x) * 4;
        const to = ((top + y) * size + left + x) * 4;
        const a = raw[from + 3]! / 255;
        for (let c = 0; c < 3; c++) pixels[to + c] = Math.round(pixels[to + c]! * (1 - a) + raw[from + c]! * a);
      }
    }
  } finally {
    for (const image of owned) image.free();
  }
}
