// Photos: how many photos a member may keep and what an upload
// must be. The format is recognised from the file's own bytes, never from its
// name or declared type, and the size is read from the header before anything
// is decoded, so a decompression bomb costs no memory.
import { DomainError } from "#app/server/errors.ts";

const FREE_PHOTO_LIMIT = 3;
export const PREMIUM_PHOTO_LIMIT = 25;
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
const MIN_PHOTO_SIDE = 200;
// 12 MP decodes to ~48 MB of RGBA, well inside a Worker isolate's 128 MB.
const MAX_PHOTO_PIXELS = 12_000_000;

type ImageFormat = "jpeg" | "png" | "webp";

export interface ImageInfo {
  format: ImageFormat;
  width: number;
  height: number;
  /** EXIF orientation (1–8) of a JPEG; 1 when absent. */
  orientation: number;
}

/** How many photos (pending or active) a member may have. */
export function photoLimit(member: { paidUser: boolean }): number {
  return member.paidUser ? PREMIUM_PHOTO_LIMIT : FREE_PHOTO_LIMIT;
}

/** The upload's format and size, or a DomainError saying why it cannot be a photo. */
export function inspectUpload(bytes: Uint8Array): ImageInfo {
  if (bytes.byteLength > MAX_UPLOAD_BYTES) throw tooLarge();
  const info = sniffImage(bytes);
  if (
    !info ||
    info.width < MIN_PHOTO_SIDE ||
    info.height < MIN_PHOTO_SIDE ||
    info.width * info.height > MAX_PHOTO_PIXELS
  ) {
    throw invalidPhoto();
  }
  return info;
}

/** An uploaded file's bytes, refused by its size before they are read (a form may carry more than the photo). */
export async function readUpload(file: Blob): Promise<Uint8Array> {
  if (file.size > MAX_UPLOAD_BYTES) throw tooLarge();
  return new Uint8Array(await file.arrayBuffer());
}

export const tooLarge = () => new DomainError("photo_too_large", { mb: MAX_UPLOAD_BYTES / 1024 / 1024 });
export const invalidPhoto = () =>
  new DomainError("photo_invalid", { min: MIN_PHOTO_SIDE, megapixels: MAX_PHOTO_PIXELS / 1_000_000 });

/** Format and dimensions from the magic bytes and header of a JPEG, PNG or WebP file. */
export function sniffImage(bytes: Uint8Array): ImageInfo | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const at = (offset: number, ...expected: number[]) => expected.every((b, i) => bytes[offset + i] === b);
  if (bytes.length >= 4 && at(0, 0xff, 0xd8, 0xff)) return sniffJpeg(bytes, view);
  if (bytes.length >= 24 && at(0, 0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a) && at(12, 0x49, 0x48, 0x44, 0x52)) {
    return dimensions("png", view.getUint32(16), view.getUint32(20));
  }
  if (bytes.length >= 30 && ascii(bytes, 0, 4) === "RIFF" && ascii(bytes, 8, 4) === "WEBP")
    return sniffWebp(bytes, view);
  return null;
}

function dimensions(format: ImageFormat, width: number, height: number, orientation = 1): ImageInfo | null {
  return width > 0 && height > 0 ? { format, width, height, orientation } : null;
}

function ascii(bytes: Uint8Array, offset: number, length: number) {
  return String.fromCharCode(...bytes.subarray(offset, offset + length));
}

// Start-of-frame markers carry the dimensions; C4 (DHT), C8 (JPG) and CC (DAC) do not.
const SOF = new Set([0xc0, 0xc1, 0xc2, 0xc3, 0xc5, 0xc6, 0xc7, 0xc9, 0xca, 0xcb, 0xcd, 0xce, 0xcf]);

function sniffJpeg(bytes: Uint8Array, view: DataView): ImageInfo | null {
  let orientation = 1;
  let offset = 2;
  while (offset + 4 <= bytes.length) {
    if (bytes[offset] !== 0xff) return null;
    const marker = bytes[offset + 1]!;
    if (marker === 0xff) {
      offset++; // fill byte
      continue;
    }
    if (marker === 0xd9 || marker === 0xda) return null; // end of image or scan data before any frame header
    const length = view.getUint16(offset + 2);
    if (length < 2 || offset + 2 + length > bytes.length) return null;
    if (marker === 0xe1) orientation = exifOrientation(bytes, view, offset + 4, length - 2) ?? orientation;
    if (SOF.has(marker)) {
      if (length < 7) return null;
      return dimensions("jpeg", view.getUint16(offset + 7), view.getUint16(offset + 5), orientation);
    }
    offset += 2 + length;
  }
  return null;
}

/** The Orientation tag (0x0112) of IFD0 in an APP1 "Exif" segment. */
function exifOrientation(bytes: Uint8Array, view: DataView, start: number, length: number): number | null {
  const end = start + length;
  if (length < 14 || ascii(bytes, start, 6) !== "Exif\0\0") return null;
  const tiff = start + 6;
  const order = ascii(bytes, tiff, 2);
  if (order !== "II" && order !== "MM") return null;
  const little = order === "II";
  const ifd = tiff + view.getUint32(tiff + 4, little);
  if (ifd + 2 > end) return null;
  const count = view.getUint16(ifd, little);
  for (let i = 0; i < count; i++) {
    const entry = ifd + 2 + i * 12;
    if (entry + 12 > end) return null;
    if (view.getUint16(entry, little) === 0x0112) {
      const value = view.getUint16(entry + 8, little);
      return value >= 1 && value <= 8 ? value : null;
    }
  }
  return null;
}

function sniffWebp(bytes: Uint8Array, view: DataView): ImageInfo | null {
  const chunk = ascii(bytes, 12, 4);
  if (chunk === "VP8 " && bytes[23] === 0x9d && bytes[24] === 0x01 && bytes[25] === 0x2a) {
    return dimensions("webp", view.getUint16(26, true) & 0x3fff, view.getUint16(28, true) & 0x3fff);
  }
  if (chunk === "VP8L" && bytes[20] === 0x2f) {
    const bits = view.getUint32(21, true);
    return dimensions("webp", (bits & 0x3fff) + 1, ((bits >>> 14) & 0x3fff) + 1);
  }
  if (chunk === "VP8X") {
    const width = (bytes[24]! | (bytes[25]! << 8) | (bytes[26]! << 16)) + 1;
    const height = (bytes[27]! | (bytes[28]! << 8) | (bytes[29]! << 16)) + 1;
    return dimensions("webp", width, height);
  }
  return null;
}
