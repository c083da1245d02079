// The installed app's icons, generated from the domain's logo
// (settings.logo) in its theme colours: a white mark on the primary colour
// for vector logos and the built-in heart, a raster logo on white. "any"
// icons are rounded squares; "maskable" ones fill the square and keep the
// mark inside the 80 % safe zone; Apple's icon is a full square too.
// Each icon is one SVG, drawn to PNG by resvg (loaded on first use: few
// requests need it); raster logos are scaled by photon first.
import { PhotonImage, resize, SamplingFilter } from "@cf-wasm/photon/workerd";
import { base64 } from "#app/server/http/base64.ts";

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

type Area = { x: number; y: number; width: number; height: number };

/**
 * A vector logo is an SVG document with the area its drawing covers (in its
 * own canvas of `canvas` pixels), so the mark, not its margins, fills the icon.
 */
export type Logo =
  | { kind: "vector"; svg: string; canvas: { width: number; height: number }; drawn: Area }
  | { kind: "raster"; bytes: Uint8Array };

const resvg = () => import("@cf-wasm/resvg/workerd").then((module) => module.Resvg);

/** A vector logo from SVG text; null when it draws nothing (or is no SVG resvg can read). */
export async function svgLogo(svg: string): Promise<Extract<Logo, { kind: "vector" }> | null> {
  let tree: InstanceType<Awaited<ReturnType<typeof resvg>>> | undefined;
  try {
    tree = await (await resvg()).async(svg);
    const box = tree.getBBox();
    if (!box || box.width <= 0 || box.height <= 0) return null;
    const drawn = { x: box.x, y: box.y, width: box.width, height: box.height };
    box.free();
    return { kind: "vector", svg, canvas: { width: tree.width, height: tree.height }, drawn };
  } catch {
    return null;
  } finally {
    tree?.free();
  }
}

let heart: Promise<Logo> | undefined;
/** The built-in heart, as a logo. */
export const heartLogo = () =>
  (heart ??= svgLogo(
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><path d="${HEART_PATH}"/></svg>`,
  ).then((logo) => logo!));

const dataUrl = (type: string, bytes: Uint8Array) => `data:${type};base64,${base64.encode(bytes)}`;

export async function renderIcon(file: IconFile, logo: Logo, primary: string): Promise<Uint8Array<ArrayBuffer>> {
  const { size, purpose } = iconFiles[file];
  const markShare = purpose === "maskable" ? 0.5 : purpose === "apple" ? 0.6 : 0.62;
  const box = { x: (size * (1 - markShare)) / 2, y: (size * (1 - markShare)) / 2, size: size * markShare };
  const fill = logo.kind === "raster" ? "#fff" : primary;
  const radius = purpose === "any" ? size * 0.22 : 0;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}">
${WHITE_FILTER}
<rect width="${size}" height="${size}" rx="${radius}" fill="${fill}"/>
${logoMark(logo, box)}
</svg>`;
  return svgToPng(svg);
}

/** The filter logoMark paints a vector logo white with; the drawing's SVG must hold it. */
export const WHITE_FILTER = `<filter id="white" color-interpolation-filters="sRGB"><feFlood flood-color="#fff"/><feComposite in2="SourceAlpha" operator="in"/></filter>`;

/** The logo fitted into a square box: a vector logo in white, a raster logo as it is. */
export const logoMark = (logo: Logo, box: { x: number; y: number; size: number }) =>
  logo.kind === "vector" ? vectorMark(logo, box) : rasterMark(logo.bytes, box);

/** An SVG document drawn to PNG by resvg, at the size the document gives. */
export async function svgToPng(svg: string): Promise<Uint8Array<ArrayBuffer>> {
  const tree = await (await resvg()).async(svg);
  try {
    const image = tree.render();
    try {
      return new Uint8Array(image.asPng());
    } finally {
      image.free();
    }
  } finally {
    tree.free();
  }
}

/** The logo scaled so its drawing fills the box (in proportion, centred), painted white. */
function vectorMark(logo: Extract<Logo, { kind: "vector" }>, box: { x: number; y: number; size: number }) {
  const { canvas, drawn } = logo;
  const scale = box.size / Math.max(drawn.width, drawn.height);
  const x = box.x + (box.size - drawn.width * scale) / 2 - drawn.x * scale;
  const y = box.y + (box.size - drawn.height * scale) / 2 - drawn.y * scale;
  const href = dataUrl("image/svg+xml", new TextEncoder().encode(logo.svg));
  return `<image x="${x}" y="${y}" width="${canvas.width * scale}" height="${canvas.height * scale}" preserveAspectRatio="none" filter="url(#white)" href="${href}"/>`;
}

/** A PNG/JPEG/WebP logo scaled into the box by photon (Lanczos), on whole pixels. */
function rasterMark(bytes: Uint8Array, box: { x: number; y: number; size: number }) {
  const owned: PhotonImage[] = [];
  try {
    const source = PhotonImage.new_from_byteslice(bytes);
    owned.push(source);
    const scale = box.size / Math.max(source.get_width(), source.get_height());
    const width = Math.max(1, Math.round(source.get_width() * scale));
    const height = Math.max(1, Math.round(source.get_height() * scale));
    const scaled = resize(source, width, height, SamplingFilter.Lanczos3);
    owned.push(scaled);
    const left = Math.round(box.x + (box.size - width) / 2);
    const top = Math.round(box.y + (box.size - height) / 2);
    const href = dataUrl("image/png", scaled.get_bytes());
    return `<image x="${left}" y="${top}" width="${width}" height="${height}" href="${href}"/>`;
  } finally {
    for (const image of owned) image.free();
  }
}
