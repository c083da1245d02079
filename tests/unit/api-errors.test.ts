// How /api/* says no: a domain rule's refusal and a conversation room's refusal
// go through the same catalogue, so one code always answers with one status.
import { type Context, Hono } from "hono";
import { describe, expect, it, vi } from "vitest";
import { DomainError, errorCatalogue } from "#app/server/errors.ts";
import { MAX_UPLOAD_BYTES, readUpload } from "#app/server/photos/limits.ts";
import { domainErrorResponse, frameError } from "#workers/api/errors.ts";
import type { AppEnv } from "#workers/server.ts";

function api(answer: (c: Context<AppEnv>) => Response) {
  return new Hono<AppEnv>()
    .use(async (c, next) => {
      c.set("app", { locale: "en" } as AppEnv["Variables"]["app"]);
      await next();
    })
    .get("/", (c) => answer(c));
}

async function answerOf(app: Hono<AppEnv>) {
  const response = await app.request("/");
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe("a conversation room's refusal over HTTP", () => {
  it("answers a retry with 503, in the room's words", async () => {
    const answer = await answerOf(api((c) => frameError(c, { code: "retry", message: "Probeer het opnieuw." })));
    expect(answer).toEqual({ status: 503, body: { error: "retry", message: "Probeer het opnieuw." } });
  });

  it.each(["insufficient_credits", "message_too_long", "premium_only", "invalid_input"] as const)(
    "answers %s with its catalogue status, as a domain rule's refusal would",
    async (code) => {
      const frame = await answerOf(api((c) => frameError(c, { code, message: "…" })));
      const rule = await answerOf(api((c) => domainErrorResponse(c, new DomainError(code))));
      expect(frame.status).toBe(errorCatalogue[code].status);
      expect(frame.status).toBe(rule.status);
      expect(frame.body.error).toBe(rule.body.error);
    },
  );
});

describe("a domain rule's refusal over HTTP", () => {
  it("carries its code, its message in the visitor's language and its parameters", async () => {
    const answer = await answerOf(api((c) => domainErrorResponse(c, new DomainError("photo_too_large", { mb: 10 }))));
    expect(answer).toEqual({
      status: 413,
      body: { error: "photo_too_large", message: expect.stringContaining("10"), mb: 10 },
    });
  });
});

describe("reading an uploaded photo", () => {
  it("refuses a file over the upload limit by its size, without reading it", async () => {
    const arrayBuffer = vi.fn();
    await expect(readUpload({ size: MAX_UPLOAD_BYTES + 1, arrayBuffer } as unknown as Blob)).rejects.toMatchObject({
      code: "photo_too_large",
      params: { mb: 10 },
    });
    expect(arrayBuffer).not.toHaveBeenCalled();
  });

  it("gives the bytes of a file within the limit", async () => {
    expect(await readUpload(new Blob([new Uint8Array([0xff, 0xd8, 0xff])]))).toEqual(
      new Uint8Array([0xff, 0xd8, 0xff]),
    );
  });
});
