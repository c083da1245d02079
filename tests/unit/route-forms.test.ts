// How a route answers a domain rule's refusal: one mapping for error pages,
// form errors and plain messages, with the catalogue's status.
import type { TFunction } from "i18next";
import { describe, expect, it } from "vitest";
import { orErrorPage, withDomainErrors, withDomainMessage } from "#app/routing/forms.server.ts";
import { DomainError } from "#app/server/errors.ts";

const t = ((key: string, params?: Record<string, unknown>) =>
  params && Object.keys(params).length ? `${key} ${JSON.stringify(params)}` : key) as unknown as TFunction;

// What Conform's submission.reply answers, reduced to what these tests read.
const submission = {
  reply: (options: { formErrors?: string[]; fieldErrors?: Record<string, string[]>; hideFields?: string[] } = {}) => ({
    status: "error" as const,
    error: { "": options.formErrors ?? null, ...options.fieldErrors },
  }),
};

const refuse = (code: ConstructorParameters<typeof DomainError>[0], params?: Record<string, number>) => async () => {
  throw new DomainError(code, params);
};

// What React Router's data() makes: the body and the response's status.
function answerOf(value: unknown) {
  expect(value).toMatchObject({ type: "DataWithResponseInit" });
  const answer = value as { data: Record<string, unknown>; init: ResponseInit | null };
  return { status: answer.init?.status, data: answer.data };
}

describe("a domain refusal in a loader", () => {
  it("becomes the error page with the catalogue's status and message", async () => {
    const thrown = await orErrorPage(t, refuse("member_not_found")).catch((e: unknown) => e);
    expect(answerOf(thrown)).toEqual({
      status: 404,
      data: { message: "errors:memberNotFound", code: "member_not_found" },
    });
  });

  it("lets any other failure through", async () => {
    const failure = new Error("disk on fire");
    await expect(orErrorPage(t, () => Promise.reject(failure))).rejects.toBe(failure);
  });
});

describe("a domain refusal in a form's action", () => {
  it("answers as a form error, with the extra fields the page needs", async () => {
    const { status, data } = answerOf(
      await withDomainErrors(submission, t, refuse("insufficient_credits"), { extra: { intent: "gift" } }),
    );
    expect(status).toBe(402);
    expect(data).toMatchObject({
      intent: "gift",
      code: "insufficient_credits",
      result: { error: { "": ["errors:insufficientCredits"] } },
    });
  });

  it("answers at the field its code belongs to", async () => {
    const fieldOf = (code: string) => (code.startsWith("discount_") ? "code" : undefined);
    const { status, data } = answerOf(await withDomainErrors(submission, t, refuse("discount_used"), { fieldOf }));
    expect(status).toBe(409);
    expect(data).toMatchObject({ result: { error: { "": null, code: ["errors:discountUsed"] } } });
  });

  it("returns the success path's answer untouched", async () => {
    expect(await withDomainErrors(submission, t, async () => ({ saved: true }))).toEqual({ saved: true });
  });
});

describe("a domain refusal in an action without a form", () => {
  it("answers as its message in the visitor's words", async () => {
    const { status, data } = answerOf(
      await withDomainMessage(t, refuse("swipe_limit", { limit: 50 }), { intent: "like" }),
    );
    expect(status).toBe(429);
    expect(data).toEqual({ intent: "like", message: 'errors:swipeLimit {"limit":50}', code: "swipe_limit" });
  });
});
