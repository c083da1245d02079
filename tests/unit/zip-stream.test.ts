// The streamed ZIP of the data export: the same archive zipSync would make,
// written only as fast as it is read, and never a cut-off archive that looks whole.
import { strFromU8, strToU8, unzipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { type ZipStreamFile, zipStream } from "#app/server/privacy/zip-stream.ts";

const mtime = new Date(Date.UTC(2026, 10, 23));
const received = async (stream: ReadableStream<Uint8Array>) => new Uint8Array(await new Response(stream).arrayBuffer());

describe("a streamed ZIP", () => {
  it("unzips to its files, deflated or stored, whatever parts they came in", async () => {
    const photo = new Uint8Array(70_000).map((_, i) => (i * 7) % 251);
    const files: ZipStreamFile[] = [
      { name: "data.json", parts: [strToU8('{"a":'), strToU8('"b"}')] },
      { name: "photos/1.jpg", parts: [photo.subarray(0, 1000), photo.subarray(1000)], stored: true },
      { name: "empty.txt", parts: [] },
    ];
    const archive = unzipSync(await received(zipStream(files, mtime)));
    expect(Object.keys(archive)).toEqual(["data.json", "photos/1.jpg", "empty.txt"]);
    expect(strFromU8(archive["data.json"]!)).toBe('{"a":"b"}');
    expect(archive["photos/1.jpg"]).toEqual(photo);
    expect(archive["empty.txt"]).toEqual(new Uint8Array(0));
  });

  it("reads the next file only when the reader wants more", async () => {
    const opened: string[] = [];
    async function* files(): AsyncGenerator<ZipStreamFile> {
      for (const name of ["a.txt", "b.txt", "c.txt"]) {
        opened.push(name);
        yield { name, parts: [strToU8(`${name} `.repeat(100))] };
      }
    }
    const reader = zipStream(files(), mtime).getReader();
    expect(opened).toEqual([]);
    const first = await reader.read();
    expect(first.done).toBe(false);
    expect(opened).toEqual(["a.txt"]);
    await reader.cancel();
  });

  it("breaks off with an error, not a short archive, when a file cannot be read", async () => {
    async function* failing(): AsyncGenerator<Uint8Array> {
      yield strToU8("first part");
      throw new Error("storage went away");
    }
    const reader = zipStream(
      [
        { name: "data.json", parts: [strToU8("{}")] },
        { name: "photos/1.jpg", parts: failing(), stored: true },
      ],
      mtime,
    ).getReader();
    const got: Uint8Array[] = [];
    const outcome = await (async () => {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return "ended";
        got.push(value);
      }
    })().catch((error: Error) => error.message);
    expect(outcome).toBe("storage went away");
    const partial = new Uint8Array(got.flatMap((chunk) => [...chunk]));
    expect(partial.length).toBeGreaterThan(0);
    expect(() => unzipSync(partial)).toThrow();
  });

  it("stops reading the files when the reader goes away", async () => {
    let closed = false;
    async function* files(): AsyncGenerator<ZipStreamFile> {
      try {
        yield { name: "a.txt", parts: [strToU8("a")] };
        yield { name: "b.txt", parts: [strToU8("b")] };
      } finally {
        closed = true;
      }
    }
    const reader = zipStream(files(), mtime).getReader();
    await reader.read();
    await reader.cancel();
    expect(closed).toBe(true);
  });
});
