// One way for /api/* to say no: HTTP status + stable code + message in the
// visitor's locale. Domain errors map through the catalogue (app/server/errors.ts);
// handlers never build error JSON themselves.
import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { z } from "zod";
import { translator } from "#app/i18n/i18next.server.ts";
import { DomainError, type ErrorCode, errorCatalogue, isDomainError } from "#app/server/errors.ts";
import type { AppEnv } from "#workers/server.ts";

export function apiError(c: Context<AppEnv>, status: ContentfulStatusCode, code: string, messageKey: string) {
  const t = translator(c.var.app.locale);
  return c.json({ error: code, message: t(messageKey) }, status);
}

/** A catalogued refusal: the code's status, the code, the message (already in the visitor's language). */
function catalogued(c: Context<AppEnv>, code: ErrorCode, message: string, params: Record<string, string | number>) {
  return c.json({ error: code, message, ...params }, errorCatalogue[code].status as ContentfulStatusCode);
}

export function domainErrorResponse(c: Context<AppEnv>, error: DomainError) {
  return catalogued(c, error.code, translator(c.var.app.locale)(error.messageKey, error.params), error.params);
}

/** A conversation room's refusal over HTTP: the room words it in the member's language. */
export function frameError(c: Context<AppEnv>, frame: { code: ErrorCode; message: string }) {
  return catalogued(c, frame.code, frame.message, {});
}

export function catalogueError(c: Context<AppEnv>, code: ErrorCode) {
  return domainErrorResponse(c, new DomainError(code));
}

/** 400 with every field's message, from a failed zod parse. */
export function validationError(c: Context<AppEnv>, error: z.ZodError) {
  const t = translator(c.var.app.locale);
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.join(".") || "form";
    // Our schemas' messages are translation keys; zod's own (wrong type...) are not.
    fields[key] ??= t(/^[a-z]+:[\w.]+$/.test(issue.message) ? issue.message : "errors:invalidInput");
  }
  return c.json({ error: "invalid_input", message: t(errorCatalogue.invalid_input.message), fields }, 400);
}

/** Runs a domain call; a DomainError becomes its catalogued answer, anything else stays a 500. */
export async function answer(c: Context<AppEnv>, run: () => Promise<Response>) {
  try {
    return await run();
  } catch (error) {
    if (isDomainError(error)) return domainErrorResponse(c, error);
    throw error;
  }
}
