// Turns an accepted upload into the two files we store: a full image (longest
// side at most 1600 px) and a 320 × 320 centre-cropped thumbnail, both JPEG.
// Re-encoding from pixels drops every metadata segment of the original (EXIF,
// GPS position, camera serial): a privacy must. Photon runs as WebAssembly
// imported as a module (Workers forbid compiling it at runtime); its images
// live in WASM memory, so each one is freed as soon as it is no longer needed.
import { crop, PhotonImage, resize, SamplingFilter } from "@cf-wasm/photon/workerd";
import { type ImageInfo, invalidPhoto } from "./limits.ts";

const FULL_MAX_SIDE = 1600;
const THUMB_SIDE = 320;
const JPEG_QUALITY = 85;

export interface ProcessedPhoto {
  full: Uint8Array;
  thumb: Uint8Array;
  width: number;
  height: number;
}

export function processPhoto(bytes: Uint8Array, info: ImageInfo): ProcessedPhoto {
  const owned: PhotonImage[] = [];
  const keep = (image: PhotonImage) => {
    owned.push(image);
    return image;
  };
  try {
    let image: PhotonImage;
    try {
      image = keep(PhotonImage.new_from_byteslice(bytes));
    } catch {
      // Photon aborts on data its decoder cannot read: the header looked right, the rest is not an image.
      throw invalidPhoto();
    }
    const width = image.get_width();
    const height = image.get_height();
    if (width !== info.width || height !== info.height) throw invalidPhoto();

    const scale = Math.min(1, FULL_MAX_SIDE / Math.max(width, height));
    if (scale < 1) {
      image = keep(
        resize(
          image,
          Math.max(1, Math.round(width * scale)),
          Math.max(1, Math.round(height * scale)),
          SamplingFilter.Triangle,
        ),
      );
      release(owned, image);
    }
    // Turned upright and flattened on white after resizing: fewer pixels to touch.
    if (info.orientation !== 1 || info.format !== "jpeg") {
      image = keep(normalise(image, info.orientation, info.format !== "jpeg"));
      release(owned, image);
    }

    const fullWidth = image.get_width();
    const fullHeight = image.get_height();
    const full = image.get_bytes_jpeg(JPEG_QUALITY);

    const side = Math.min(fullWidth, fullHeight);
    const left = Math.floor((fullWidth - side) / 2);
    const top = Math.floor((fullHeight - side) / 2);
    let square = keep(crop(image, left, top, left + side, top + side));
    release(owned, square);
    if (side !== THUMB_SIDE) {
      square = keep(resize(square, THUMB_SIDE, THUMB_SIDE, SamplingFilter.Triangle));
      release(owned, square);
    }
    const thumb = square.get_bytes_jpeg(JPEG_QUALITY);
    return { full, thumb, width: fullWidth, height: fullHeight };
  } finally {
    for (const image of owned) image.free();
  }
}

/** Frees every image but `current` at once, so at most two live in WASM memory. */
function release(owned: PhotonImage[], current: PhotonImage) {
  for (const image of owned.splice(0)) {
    if (image === current) owned.push(image);
    else image.free();
  }
}

/**
 * Applies the EXIF orientation (the camera's "this side up", which re-encoding
 * would otherwise lose) and composites transparent pixels on white, since JPEG
 * has no alpha and would show them black.
 */
function normalise(image: PhotonImage, orientation: number, flatten: boolean): PhotonImage {
  const w = image.get_width();
  const h = image.get_height();
  const pixels = image.get_raw_pixels();
  if (flatten) {
    for (let i = 0; i < pixels.length; i += 4) {
      const alpha = pixels[i + 3]!;
      if (alpha === 255) continue;
      const white = 255 - alpha;
      pixels[i] = Math.round((pixels[i]! * alpha + 255 * white) / 255);
      pixels[i + 1] = Math.round((pixels[i + 1]! * alpha + 255 * white) / 255);
      pixels[i + 2] = Math.round((pixels[i + 2]! * alpha + 255 * white) / 255);
      pixels[i + 3] = 255;
    }
  }
  if (orientation === 1) return new PhotonImage(pixels, w, h);

  const source = new Uint32Array(pixels.buffer, pixels.byteOffset, w * h);
  const swap = orientation >= 5;
  const outW = swap ? h : w;
  const outH = swap ? w : h;
  const out = new Uint32Array(w * h);
  // For each pixel of the upright image, where it is in the stored one.
  const from: (x: number, y: number) => number = {
    2: (x: number, y: number) => y * w + (w - 1 - x),
    3: (x: number, y: number) => (h - 1 - y) * w + (w - 1 - x),
    4: (x: number, y: number) => (h - 1 - y) * w + x,
    5: (x: number, y: number) => x * w + y,
    6: (x: number, y: number) => (h - 1 - x) * w + y,
    7: (x: number, y: number) => (h - 1 - x) * w + (w - 1 - y),
    8: (x: number, y: number) => x * w + (w - 1 - y),
  }[orientation as 2 | 3 | 4 | 5 | 6 | 7 | 8];
  for (let y = 0; y < outH; y++) {
    for (let x = 0; x < outW; x++) out[y * outW + x] = source[from(x, y)]!;
  }
  return new PhotonImage(new Uint8Array(out.buffer), outW, outH);
}
