// The adapters between React Router and the domain: how a route module answers
// a form the schema refused, and how a DomainError becomes an error page (in a
// loader) or a form error or message (in an action), with the catalogue's
// status, in the visitor's language. Anything that is not a DomainError propagates.
import type { SubmissionResult } from "@conform-to/react";
import type { TFunction } from "i18next";
import { data } from "react-router";
import { type ErrorCode, isDomainError } from "#app/server/errors.ts";

/**
 * What an action answers: a redirect, or its one reply shape (with a status
 * when it refuses), so the page reads `actionData` as that shape.
 */
export type ActionAnswer<Reply> = Promise<Response | Reply | ReturnType<typeof data<Reply>>>;

interface Replyable {
  reply(options?: {
    formErrors?: string[];
    fieldErrors?: Record<string, string[]>;
    hideFields?: string[];
    resetForm?: boolean;
  }): SubmissionResult<string[]>;
}

/** The one reading of a domain rule's refusal: its status, code and message in the visitor's words. */
function refusal(error: unknown, t: TFunction) {
  if (!isDomainError(error)) throw error;
  return { status: error.status, code: error.code, params: error.params, message: t(error.messageKey, error.params) };
}

/**
 * Input the schema refused: the field errors, plus a summary at the top of the
 * form, so a refusal of a field the form does not show (a tampered hidden
 * value, a page without JavaScript) still says what is wrong.
 */
export function rejected(submission: Replyable, hideFields: string[] = []) {
  return data({ result: submission.reply({ hideFields, formErrors: ["errors:invalidInput"] }) }, { status: 400 });
}

/** Runs a loader's domain call; a DomainError becomes the error page with its status and message. */
export async function orErrorPage<T>(t: TFunction, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    const { status, code, message } = refusal(error, t);
    throw data({ message, code }, { status });
  }
}

/**
 * Runs the success path of a form's action; a DomainError answers as a form
 * error instead (at the field `fieldOf` names for its code, if any).
 */
export async function withDomainErrors<T, E extends object = object>(
  submission: Replyable,
  t: TFunction,
  run: () => Promise<T>,
  options: { hideFields?: string[]; extra?: E; fieldOf?: (code: ErrorCode) => string | undefined } = {},
) {
  try {
    return await run();
  } catch (error) {
    const { status, code, params, message } = refusal(error, t);
    const field = options.fieldOf?.(code);
    const errors = field ? { fieldErrors: { [field]: [message] } } : { formErrors: [message] };
    return data(
      { result: submission.reply({ ...errors, hideFields: options.hideFields }), code, params, ...options.extra },
      { status },
    );
  }
}

/**
 * Runs a loader's check of what the page's address carries (a discount code in
 * a link): its answer, or the refusal's message in the visitor's words, for a
 * page that still answers 200 and says it where the form would.
 */
export async function checkInAddress<T>(t: TFunction, run: () => Promise<T>): Promise<{ ok: T } | { refused: string }> {
  try {
    return { ok: await run() };
  } catch (error) {
    return { refused: refusal(error, t).message };
  }
}

/** Runs an action that has no form of its own (a button); a DomainError answers as its message. */
export async function withDomainMessage<T, E extends object>(t: TFunction, run: () => Promise<T>, extra: E) {
  try {
    return await run();
  } catch (error) {
    const { status, code, message } = refusal(error, t);
    return data({ ...extra, message, code }, { status });
  }
}
