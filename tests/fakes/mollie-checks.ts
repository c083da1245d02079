// What the fake of Mollie's API (mollie.ts) checks in a request body, and how
// it answers a refusal: Mollie's error JSON `{ status, title, detail, field }`.

export type Amount = { currency: string; value: string };
export type Json = Record<string, unknown>;

const DOCS = "https://docs.mollie.com/reference/handling-errors";
/** Methods Mollie takes only with order lines and a billing address (pay later, by invoice). */
const NEEDS_LINES = new Set(["klarna", "billie", "in3", "riverty"]);
const titles: Record<number, string> = {
  400: "Bad Request",
  401: "Unauthorized Request",
  404: "Not Found",
  422: "Unprocessable Entity",
  503: "Service Unavailable",
};

export const error = (status: number, detail: string, field?: string) =>
  Response.json(
    {
      status,
      title: titles[status] ?? "Error",
      detail,
      ...(field ? { field } : {}),
      _links: { documentation: { href: DOCS, type: "text/html" } },
    },
    { status, headers: { "Content-Type": "application/hal+json" } },
  );

export class Refusal extends Error {
  readonly status: number;
  readonly field?: string;
  constructor(status: number, detail: string, field?: string) {
    super(detail);
    this.status = status;
    this.field = field;
  }
}

export const refuse = (detail: string, field?: string): never => {
  throw new Refusal(422, detail, field);
};
export const cents = (amount: Amount) => Math.round(Number(amount.value) * 100);
export const amountOf = (value: number, currency: string): Amount => ({ currency, value: (value / 100).toFixed(2) });

export function checkAmount(value: unknown, field = "amount"): Amount {
  const amount = value as Partial<Amount> | undefined;
  if (!amount || typeof amount !== "object") refuse(`The ${field} is required`, field);
  if (typeof amount!.currency !== "string" || !/^[A-Z]{3}$/.test(amount!.currency))
    refuse("The currency is invalid", `${field}.currency`);
  if (typeof amount!.value !== "string" || !/^\d+\.\d{2}$/.test(amount!.value) || cents(amount as Amount) <= 0)
    refuse(`The ${field} must be a string with two decimals, like "19.95"`, `${field}.value`);
  return { currency: amount!.currency!, value: amount!.value! };
}

export function checkUrl(value: unknown, field: string, required: boolean) {
  if (value === undefined || value === null) return required ? refuse(`The ${field} is required`, field) : null;
  if (typeof value !== "string" || !URL.canParse(value)) refuse(`The ${field} is not a valid URL`, field);
  return value as string;
}

/** The fields of a new payment that do not depend on the fake's state. */
export function checkPaymentBody(body: Json) {
  const amount = checkAmount(body.amount);
  if (typeof body.description !== "string" || !body.description.trim())
    refuse("The description is required", "description");
  const sequenceType = (body.sequenceType ?? "oneoff") as "oneoff" | "first" | "recurring";
  if (!["oneoff", "first", "recurring"].includes(sequenceType)) refuse("The sequence type is invalid", "sequenceType");
  // Which methods exist is Mollie's schema's business (mollie-schemas.ts); this is a rule beyond it.
  if (NEEDS_LINES.has(String(body.method)) && !Array.isArray(body.lines))
    refuse(`The lines are required for ${String(body.method)}`, "lines");
  if (NEEDS_LINES.has(String(body.method)) && !body.billingAddress)
    refuse(`The billing address is required for ${String(body.method)}`, "billingAddress");
  const recurring = sequenceType === "recurring";
  return {
    amount,
    description: String(body.description),
    sequenceType,
    recurring,
    redirectUrl: checkUrl(body.redirectUrl, "redirectUrl", !recurring),
    webhookUrl: checkUrl(body.webhookUrl, "webhookUrl", false),
  };
}

/** A new SEPA mandate: method, account holder, IBAN, and a signature date that is not in the future. */
export function checkMandateBody(body: Json) {
  if (body.method !== "directdebit") refuse('Only "directdebit" mandates can be created', "method");
  if (typeof body.consumerName !== "string" || !body.consumerName.trim())
    refuse("The consumer name is required", "consumerName");
  if (typeof body.consumerAccount !== "string" || !/^[A-Z]{2}\d{2}[A-Z0-9]{10,30}$/.test(body.consumerAccount))
    refuse("The consumer account is not a valid IBAN", "consumerAccount");
  const date = body.signatureDate;
  if (date !== undefined && (typeof date !== "string" || !/^\d{4}-\d{2}-\d{2}$/.test(date) || !Date.parse(date)))
    refuse("The signature date must be YYYY-MM-DD", "signatureDate");
  if (typeof date === "string" && Date.parse(date) > Date.now())
    refuse("The signature date is in the future", "signatureDate");
  return { signatureDate: (date as string | undefined) ?? new Date().toISOString().slice(0, 10) };
}
