// Photos shrink in the browser before upload, for the chat (at most 1600 px)
// and the profile (photo-manager.tsx asks for 2048 px): a JPEG, turned upright
// as its EXIF says, so a phone photo of 5–10 MB becomes a few hundred kB. The
// server checks and re-encodes it anyway, so a file the browser cannot decode
// goes up as it is. Never enlarged.
const MAX_PHOTO_EDGE = 1600;

async function decode(file: Blob): Promise<ImageBitmap | HTMLImageElement | null> {
  if (typeof createImageBitmap === "function") {
    const bitmap = await createImageBitmap(file, { imageOrientation: "from-image" }).catch(() => null);
    if (bitmap) return bitmap;
  }
  const url = URL.createObjectURL(file);
  try {
    const image = new Image();
    image.src = url;
    await image.decode();
    return image;
  } catch {
    return null; // not an image this browser reads: the server answers with its photo_invalid message
  } finally {
    URL.revokeObjectURL(url);
  }
}

export async function downscalePhoto(file: Blob, maxEdge = MAX_PHOTO_EDGE, quality = 0.85): Promise<Blob> {
  const image = await decode(file);
  if (!image) return file;
  const width = "naturalWidth" in image ? image.naturalWidth : image.width;
  const height = "naturalHeight" in image ? image.naturalHeight : image.height;
  const scale = Math.min(1, maxEdge / Math.max(width, height, 1));
  const canvas = document.createElement("canvas");
  canvas.width = Math.max(1, Math.round(width * scale));
  canvas.height = Math.max(1, Math.round(height * scale));
  const context = canvas.getContext("2d");
  if (!context) return file;
  context.fillStyle = "#fff"; // JPEG has no transparency: a transparent PNG goes on white, not black
  context.fillRect(0, 0, canvas.width, canvas.height);
  context.drawImage(image, 0, 0, canvas.width, canvas.height);
  if ("close" in image) image.close();
  return new Promise((resolve) => canvas.toBlob((blob) => resolve(blob ?? file), "image/jpeg", quality));
}
