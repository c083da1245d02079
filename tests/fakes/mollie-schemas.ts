// Mollie's own description of its API, as the zod schemas of its official
// TypeScript SDK (mollie-api-typescript, a dev dependency): every request the
// fake of Mollie (mollie.ts) receives and every answer it gives is checked
// against them, so the fake can no longer share the app's mistakes about
// Mollie (a retired method, a field Mollie's answers always carry). What does
// not fit is a violation naming the operation and the fields; the tests fail
// on any (payment-fixtures.ts), and a request that does not fit is refused
// with 422 as Mollie refuses it.
import * as models from "mollie-api-typescript/models";
import * as errors from "mollie-api-typescript/models/errors";
import * as operations from "mollie-api-typescript/models/operations";
import type { z } from "zod/v3";

type Schema = z.ZodTypeAny;

interface Operation {
  method: string;
  path: RegExp;
  name: string;
  /** The body Mollie takes (the SDK's outbound schema: its names are Mollie's). */
  request?: Schema;
  /** The query parameters Mollie takes, as an object. */
  query?: Schema;
  /** A successful answer's body (none: 204). */
  response?: Schema;
}

const id = "[^/]+";
const operationsTable: Operation[] = [
  {
    method: "POST",
    path: /^\/v2\/payments$/,
    name: "create payment",
    request: models.PaymentRequest$outboundSchema,
    response: models.PaymentResponse$inboundSchema,
  },
  {
    method: "GET",
    path: new RegExp(`^/v2/payments/${id}$`),
    name: "get payment",
    response: models.PaymentResponse$inboundSchema,
  },
  {
    method: "POST",
    path: new RegExp(`^/v2/payments/${id}/refunds$`),
    name: "create refund",
    request: models.RefundRequest$outboundSchema,
    response: models.RefundResponse$inboundSchema,
  },
  {
    method: "GET",
    path: new RegExp(`^/v2/payments/${id}/refunds$`),
    name: "list refunds",
    response: operations.ListRefundsResponseBody$inboundSchema,
  },
  {
    method: "GET",
    path: new RegExp(`^/v2/payments/${id}/refunds/${id}$`),
    name: "get refund",
    response: models.RefundResponse$inboundSchema,
  },
  {
    method: "GET",
    path: new RegExp(`^/v2/payments/${id}/chargebacks$`),
    name: "list chargebacks",
    response: operations.ListChargebacksResponseBody$inboundSchema,
  },
  {
    method: "GET",
    path: /^\/v2\/methods$/,
    name: "list methods",
    query: operations.ListMethodsRequest$outboundSchema,
    response: operations.ListMethodsResponse$inboundSchema,
  },
  {
    method: "POST",
    path: /^\/v2\/customers$/,
    name: "create customer",
    request: models.EntityCustomer$outboundSchema,
    response: models.CustomerResponse$inboundSchema,
  },
  {
    method: "GET",
    path: new RegExp(`^/v2/customers/${id}$`),
    name: "get customer",
    response: models.CustomerResponse$inboundSchema,
  },
  { method: "DELETE", path: new RegExp(`^/v2/customers/${id}$`), name: "delete customer" },
  {
    method: "POST",
    path: new RegExp(`^/v2/customers/${id}/mandates$`),
    name: "create mandate",
    request: models.MandateRequest$outboundSchema,
    response: models.MandateResponse$inboundSchema,
  },
  {
    method: "GET",
    path: new RegExp(`^/v2/customers/${id}/mandates$`),
    name: "list mandates",
    response: operations.ListMandatesResponseBody$inboundSchema,
  },
  {
    method: "GET",
    path: new RegExp(`^/v2/customers/${id}/mandates/${id}$`),
    name: "get mandate",
    response: models.MandateResponse$inboundSchema,
  },
  { method: "DELETE", path: new RegExp(`^/v2/customers/${id}/mandates/${id}$`), name: "revoke mandate" },
  {
    method: "GET",
    path: new RegExp(`^/v2/customers/${id}/payments$`),
    name: "list customer payments",
    response: operations.ListCustomerPaymentsResponseBody$inboundSchema,
  },
];

/** The object schema inside transforms, laziness and optionality, for its list of fields. */
function objectOf(schema: Schema): z.AnyZodObject | null {
  const def = schema._def as { typeName: string; schema?: Schema; getter?: () => Schema; innerType?: Schema };
  if (def.typeName === "ZodObject") return schema as z.AnyZodObject;
  if (def.typeName === "ZodEffects" && def.schema) return objectOf(def.schema);
  if (def.typeName === "ZodLazy" && def.getter) return objectOf(def.getter());
  if ((def.typeName === "ZodOptional" || def.typeName === "ZodNullable") && def.innerType)
    return objectOf(def.innerType);
  return null;
}

/** Mollie's error answer, without what the SDK adds to it after reading (the request, the response). */
const errorBody = objectOf(errors.ErrorResponse$inboundSchema as Schema)!.omit({
  request$: true,
  response$: true,
  body$: true,
});

function issuesOf(schema: Schema, value: unknown, strict: boolean): string[] {
  const problems: string[] = [];
  const shape = strict ? objectOf(schema) : null;
  if (shape && value && typeof value === "object") {
    for (const field of Object.keys(value)) {
      if (!(field in shape.shape)) problems.push(`${field}: not a field Mollie takes`);
    }
  }
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const received = issue.path.reduce<unknown>((at, key) => (at as Record<string, unknown>)?.[key], value);
      const message =
        issue.code === "invalid_enum_value" || issue.code === "invalid_union"
          ? `${JSON.stringify(received)} is not one of Mollie's values`
          : issue.message;
      problems.push(`${issue.path.join(".") || "(body)"}: ${message}`);
    }
  }
  return problems;
}

/** `amount[value]=19.95&amount[currency]=EUR&locale=nl_NL` as `{ amount: { value, currency }, locale }`. */
function queryObject(search: URLSearchParams) {
  const object: Record<string, unknown> = {};
  for (const [name, value] of search) {
    const nested = /^(\w+)\[(\w+)\]$/.exec(name);
    if (nested) object[nested[1]!] = { ...(object[nested[1]!] as object), [nested[2]!]: value };
    else object[name] = value;
  }
  return object;
}

export const mollieOperation = (method: string, path: string) =>
  operationsTable.find((o) => o.method === method && o.path.test(path));

/** What Mollie's schemas say against a request: a list of "field: problem", empty when it fits. */
export function requestViolations(method: string, url: URL, body: unknown): string[] {
  const operation = mollieOperation(method, url.pathname);
  if (!operation) return [`${method} ${url.pathname}: not an operation of Mollie's API`];
  const problems: string[] = [];
  if (operation.request) problems.push(...issuesOf(operation.request, body, true));
  else if (body !== null && body !== undefined && Object.keys(body as object).length)
    problems.push("(body): this operation takes none");
  const query = queryObject(url.searchParams);
  delete query.limit;
  delete query.from;
  if (operation.query) problems.push(...issuesOf(operation.query, query, true));
  else if (Object.keys(query).length) problems.push(`query ${Object.keys(query).join(", ")}: not taken here`);
  return problems;
}

/** What Mollie's schemas say against one of the fake's answers. */
export function responseViolations(method: string, path: string, status: number, body: unknown): string[] {
  if (status >= 400) return issuesOf(errorBody, body, false);
  const operation = mollieOperation(method, path);
  if (!operation) return [];
  if (!operation.response) return status === 204 ? [] : [`answered ${status}, Mollie answers 204 without a body`];
  return issuesOf(operation.response, body, false);
}
