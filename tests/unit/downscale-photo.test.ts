// @vitest-environment happy-dom
// Shrinking a photo in the browser before upload, for the chat and the
// profile alike, with the browser's decoder and canvas faked: the longer side
// at most the size asked for, never enlarged, on white, as JPEG; a file the
// browser cannot read goes up as it is.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { downscalePhoto } from "#app/components/photos/downscale-photo.ts";

const original = new File(["raw"], "IMG_0001.HEIC", { type: "image/heic" });
let canvas: { width: number; height: number; painted: string[]; quality?: number; type?: string; blob: Blob | null };
let bitmap: { width: number; height: number; close: ReturnType<typeof vi.fn> };

function decodes(width: number, height: number) {
  bitmap = { width, height, close: vi.fn() };
  vi.stubGlobal(
    "createImageBitmap",
    vi.fn(async () => bitmap),
  );
}

beforeEach(() => {
  canvas = { width: 0, height: 0, painted: [], blob: new Blob(["jpeg"], { type: "image/jpeg" }) };
  const createElement = document.createElement.bind(document);
  vi.spyOn(document, "createElement").mockImplementation((tag: string) => {
    if (tag !== "canvas") return createElement(tag);
    const context = {
      fillStyle: "",
      fillRect: (...box: number[]) => canvas.painted.push(`fill ${context.fillStyle} ${box.join(",")}`),
      drawImage: (_image: unknown, ...box: number[]) => canvas.painted.push(`image ${box.join(",")}`),
    };
    return Object.assign(canvas, {
      getContext: () => context,
      toBlob: (done: (blob: Blob | null) => void, type: string, quality: number) => {
        Object.assign(canvas, { type, quality });
        done(canvas.blob);
      },
    }) as unknown as HTMLCanvasElement;
  });
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe("downscalePhoto", () => {
  it("shrinks a chat photo to 1600 px on its longer side, as JPEG at 85 %", async () => {
    decodes(4032, 3024);
    const shrunk = await downscalePhoto(original);
    expect(shrunk).toBe(canvas.blob);
    expect([canvas.width, canvas.height]).toEqual([1600, 1200]);
    expect(canvas).toMatchObject({ type: "image/jpeg", quality: 0.85 });
    expect(bitmap.close).toHaveBeenCalled();
  });

  it("shrinks to the size and quality the profile asks for, upright photos by their height", async () => {
    decodes(3000, 4000);
    await downscalePhoto(original, 2048, 0.9);
    expect([canvas.width, canvas.height]).toEqual([1536, 2048]);
    expect(canvas.quality).toBe(0.9);
  });

  it("never enlarges a small photo, and paints it on white", async () => {
    decodes(640, 480);
    await downscalePhoto(original);
    expect([canvas.width, canvas.height]).toEqual([640, 480]);
    expect(canvas.painted).toEqual(["fill #fff 0,0,640,480", "image 0,0,640,480"]);
  });

  it("turns the photo upright as its EXIF says", async () => {
    decodes(100, 100);
    await downscalePhoto(original);
    expect(createImageBitmap).toHaveBeenCalledWith(original, { imageOrientation: "from-image" });
  });

  it("sends a file the browser cannot read as it is", async () => {
    vi.stubGlobal(
      "createImageBitmap",
      vi.fn(async () => {
        throw new DOMException("unreadable", "InvalidStateError");
      }),
    );
    vi.stubGlobal(
      "Image",
      class {
        src = "";
        decode = () => Promise.reject(new DOMException("unreadable", "EncodingError"));
      },
    );
    expect(await downscalePhoto(original)).toBe(original);
    expect(canvas.painted).toEqual([]);
  });

  it("sends the file as it is when the canvas gives no JPEG", async () => {
    decodes(4000, 3000);
    canvas.blob = null;
    expect(await downscalePhoto(original)).toBe(original);
  });
});
