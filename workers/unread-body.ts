// A request body left unread when the answer is ready: a 413 for a declared
// size, a 403 from the Origin check, a 404, a 429, or a body limit that stopped
// reading at its bound. workerd answers, then drops the connection under the
// rest of the upload; locally the dev server's (and the preview's) connection
// pool to workerd then fails the next request on it with a 500 "fetch failed",
// a request that did nothing wrong. So a local build reads the rest, without
// keeping it, before it answers. In production Cloudflare's front line holds the
// visitor's connection: an unread body is cancelled there, and a refusal stays
// as early as it was meant to be. How it was found: docs/testing.md.

/**
 * The request to hand on, and what to do once its answer is ready. Locally a
 * body of undeclared length (chunked) goes through a reader kept here, since a
 * handler may stop halfway and keep its own reader locked; the rest is read
 * through ours. A declared length is refused before anyone reads, so that body
 * is handed on as it came (a stream of known length, as storage wants it).
 */
export function watchUnreadBody(request: Request): { request: Request; settle: () => Promise<void> } {
  const source = request.body;
  // No body, or a declared empty one: nothing is left on the connection.
  if (!source || request.headers.get("content-length") === "0") return { request, settle: async () => {} };
  if (!__LOCAL_TOOLS__) {
    return { request, settle: async () => (request.bodyUsed ? undefined : source.cancel().catch(() => {})) };
  }
  if (request.headers.has("content-length")) {
    // Fails only when the visitor went away mid-upload: nothing left to read.
    return { request, settle: () => (request.bodyUsed ? Promise.resolve() : discard(source)) };
  }
  const reader = source.getReader();
  let finished = false;
  const read = async () => {
    const chunk = await reader.read();
    if (chunk.done) finished = true;
    return chunk;
  };
  const body = new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        const chunk = await read();
        if (chunk.done) controller.close();
        else controller.enqueue(chunk.value);
      },
      // A handler that gives up leaves the rest to settle().
      cancel() {},
    },
    { highWaterMark: 0 },
  );
  return {
    request: new Request(request, { body }),
    async settle() {
      try {
        while (!finished) await read();
      } catch {}
    },
  };
}

const discard = (body: ReadableStream) => body.pipeTo(new WritableStream()).catch(() => {});
