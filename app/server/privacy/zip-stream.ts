// A ZIP archive written while its files are read: fflate's streaming Zip turns
// each file into archive bytes as its parts arrive, and the stream asks for the
// next file only when the reader wants more. A failure while writing errors the
// stream (the download breaks) instead of ending it early, and the central
// directory only comes at the end, so a cut-off archive never opens as complete.
import { Zip, ZipDeflate, ZipPassThrough } from "fflate";

export interface ZipStreamFile {
  name: string;
  /** The file's bytes, in as many parts as they come. */
  parts: AsyncIterable<Uint8Array> | Iterable<Uint8Array>;
  /** Stored as it is (already compressed, like a JPEG) instead of deflated. */
  stored?: boolean;
}

export function zipStream(
  files: AsyncIterable<ZipStreamFile> | Iterable<ZipStreamFile>,
  mtime: Date,
): ReadableStream<Uint8Array> {
  const chunks = archiveChunks(files, mtime);
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        const next = await chunks.next();
        if (next.done) controller.close();
        else controller.enqueue(next.value);
      },
      // The reader went away: stop reading the files.
      async cancel() {
        await chunks.return(undefined);
      },
    },
    { highWaterMark: 0 },
  );
}

async function* archiveChunks(
  files: AsyncIterable<ZipStreamFile> | Iterable<ZipStreamFile>,
  mtime: Date,
): AsyncGenerator<Uint8Array, void> {
  let written: Uint8Array[] = [];
  let failure: Error | null = null;
  const zip = new Zip((error, chunk) => {
    if (error) failure = error;
    else written.push(chunk);
  });
  // What the archive has written since the last call, as one chunk (none when empty).
  function* take() {
    if (failure) throw failure;
    const chunk = concat(written);
    written = [];
    if (chunk.length > 0) yield chunk;
  }

  for await (const file of files) {
    const entry = file.stored ? new ZipPassThrough(file.name) : new ZipDeflate(file.name, { level: 6 });
    entry.mtime = mtime;
    zip.add(entry);
    for await (const part of file.parts) {
      entry.push(part);
      yield* take();
    }
    entry.push(new Uint8Array(0), true);
    yield* take();
  }
  zip.end();
  yield* take();
}

function concat(chunks: Uint8Array[]): Uint8Array {
  if (chunks.length === 1 && chunks[0]) return chunks[0];
  const all = new Uint8Array(chunks.reduce((sum, chunk) => sum + chunk.length, 0));
  let at = 0;
  for (const chunk of chunks) {
    all.set(chunk, at);
    at += chunk.length;
  }
  return all;
}
