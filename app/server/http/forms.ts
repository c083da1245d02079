// Conform submissions in route actions: a domain error becomes a form error in
// the visitor's language with the catalogue's status; anything else propagates.
import type { SubmissionResult } from "@conform-to/react";
import type { TFunction } from "i18next";
import { data } from "react-router";
import { isDomainError } from "#app/server/errors.ts";

interface Replyable {
  reply(options?: { formErrors?: string[]; hideFields?: string[]; resetForm?: boolean }): SubmissionResult<string[]>;
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
    if (!isDomainError(error)) throw error;
    throw data({ message: t(error.messageKey, error.params), code: error.code }, { status: error.status });
  }
}

/** Runs the success path of an action; a DomainError answers as a form error instead. */
export async function withDomainErrors<T>(
  submission: Replyable,
  t: TFunction,
  run: () => Promise<T>,
  options: { hideFields?: string[]; extra?: Record<string, unknown> } = {},
) {
  try {
    return await run();
  } catch (error) {
    if (!isDomainError(error)) throw error;
    return data(
      {
        result: submission.reply({ formErrors: [t(error.messageKey, error.params)], hideFields: options.hideFields }),
        code: error.code,
        params: error.params,
        ...options.extra,
      },
      { status: error.status },
    );
  }
}
