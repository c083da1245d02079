// A fake of Mollie's REST API v2 as a plain fetch-style handler with its state
// in memory, so workerd tests can route `fetch` to it and a Node HTTP server
// can host it for the browser tests. It checks what Mollie documents (Bearer
// auth with the API key, JSON bodies, required fields, amounts as
// `{ currency, value: "19.95" }`, Idempotency-Key replays) and answers as
// Mollie does: 201 with `tr_…`, `cst_…`, `mdt_…` ids and a checkout link for a
// hosted payment, or the error JSON `{ status, title, detail, field }`.
// Controls move a payment on (paid, failed, expired, canceled), charge it back,
// and make the API fail or hang.

export const FAKE_MOLLIE_KEY = "test_fakeMollieKey0123456789abcdef";

/** The methods a fresh fake account has active, with their minimum and maximum amount (euros, or none). */
const FAKE_ACTIVE_METHODS: Record<string, [number, number | null]> = {
  ideal: [0.01, 50_000],
  bancontact: [0.02, 50_000],
  creditcard: [0.01, 10_000],
  paypal: [0.01, 8_000],
  banktransfer: [0.01, 1_000_000],
  directdebit: [0.01, 1_000],
  eps: [1, 50_000],
  przelewy24: [0.01, 12_815],
  blik: [0.01, 10_000],
  trustly: [0.01, 10_000],
  twint: [0.01, 5_000],
  mobilepay: [0.01, 10_000],
  vipps: [0.01, 10_000],
  swish: [0.01, 10_000],
  applepay: [0.01, 10_000],
  klarna: [0.1, 10_000],
};

import {
  type Amount,
  amountOf,
  cents,
  checkAmount,
  checkMandateBody,
  checkPaymentBody,
  error,
  type Json,
  Refusal,
  refuse,
} from "./mollie-checks.ts";
import { requestViolations, responseViolations } from "./mollie-schemas.ts";
export type FakePaymentStatus = "open" | "pending" | "authorized" | "paid" | "failed" | "canceled" | "expired";
export type FakeRefundStatus = "queued" | "pending" | "processing" | "refunded" | "failed" | "canceled";
/** The profile every payment of the fake's account belongs to. */
const PROFILE_ID = "pfl_fakeProfile1";

export interface FakePayment extends Json {
  id: string;
  status: FakePaymentStatus;
  amount: Amount;
  description: string;
  sequenceType: "oneoff" | "first" | "recurring";
  method: string | null;
  metadata: unknown;
  webhookUrl: string | null;
  redirectUrl: string | null;
  customerId?: string;
  mandateId: string | null;
  amountRefunded: Amount;
  amountRemaining: Amount;
  amountChargedBack?: Amount;
}

/** What the next matching requests meet: an outage (`status`), no answer at all, or work done with the answer lost. */
export interface Fault {
  kind: "down" | "hang" | "lost-answer";
  /** Which requests (default all); e.g. `(r) => r.method === "POST"`. */
  match?: (request: Request) => boolean;
  /** How many requests it hits (default: until removed). */
  times?: number;
  status?: number;
}

export type MollieFake = ReturnType<typeof createMollieFake>;

const faultDetails: Record<number, string> = {
  401: "Missing authentication, or failed to authenticate",
  422: "The request cannot be processed",
  503: "The API is temporarily unavailable",
};

/** Waits until the caller gives up, as a network that never answers does. */
function aborted(signal: AbortSignal): Promise<never> {
  return new Promise((_, reject) => {
    if (signal.aborted) reject(signal.reason);
    signal.addEventListener("abort", () => reject(signal.reason), { once: true });
  });
}

export function createMollieFake(options: { apiKey?: string } = {}) {
  const apiKey = options.apiKey ?? FAKE_MOLLIE_KEY;
  let serial = 0;
  const newId = (prefix: string) =>
    `${prefix}_${(++serial).toString(36).padStart(4, "0")}${crypto.randomUUID().slice(0, 6)}`;
  const payments = new Map<string, FakePayment>();
  const customers = new Map<string, Json & { id: string }>();
  const mandates = new Map<string, Json & { id: string; customerId: string }>();
  const refunds: (Json & { id: string; paymentId: string; amount: Amount; status: FakeRefundStatus })[] = [];
  const chargebacks: (Json & { id: string; paymentId: string; amount: Amount })[] = [];
  const replies = new Map<string, { body: string; status: number; json: Json }>();
  const faults: Fault[] = [];
  const requests: { method: string; path: string; body: Json | null; idempotencyKey: string | null }[] = [];
  /** Requests and answers that Mollie's published schemas reject (mollie-schemas.ts), with the fields. */
  const violations: string[] = [];

  const mode = apiKey.startsWith("live_") ? "live" : "test";
  const link = (href: string, type = "application/hal+json") => ({ href, type });
  const api = (path: string) => link(`https://api.mollie.com/v2/${path}`);
  const docs = (page: string) => link(`https://docs.mollie.com/reference/${page}`, "text/html");

  /** What counts against a payment's amount: refunds not failed or canceled. */
  const refundedCents = (paymentId: string) =>
    refunds
      .filter((r) => r.paymentId === paymentId && r.status !== "failed" && r.status !== "canceled")
      .reduce((sum, r) => sum + cents(r.amount), 0);

  function view(payment: FakePayment) {
    const refunded = refundedCents(payment.id);
    const hosted = payment.sequenceType !== "recurring" && payment.status === "open";
    return {
      resource: "payment",
      mode,
      ...payment,
      profileId: PROFILE_ID,
      amountRefunded: amountOf(refunded, payment.amount.currency),
      amountRemaining: amountOf(cents(payment.amount) - refunded, payment.amount.currency),
      _links: {
        self: api(`payments/${payment.id}`),
        ...(hosted
          ? { checkout: link(`https://www.mollie.com/checkout/test-mode?token=${payment.id}`, "text/html") }
          : {}),
        dashboard: link(`https://my.mollie.com/dashboard/payments/${payment.id}`, "text/html"),
        documentation: docs("get-payment"),
      },
    };
  }

  const refundView = (refund: (typeof refunds)[number]) => ({
    ...refund,
    mode,
    _links: {
      self: api(`payments/${refund.paymentId}/refunds/${refund.id}`),
      payment: api(`payments/${refund.paymentId}`),
      documentation: docs("get-refund"),
    },
  });

  /**
   * The methods the fake's account has active (tests change it): what the
   * Methods API answers for an amount, as Mollie does, each with its limits.
   */
  const methods = new Map(Object.entries(FAKE_ACTIVE_METHODS).map(([id, [min, max]]) => [id, { min, max }] as const));
  function activeMethods(query: URLSearchParams) {
    const amount = query.get("amount[value]");
    const currency = query.get("amount[currency]") ?? "EUR";
    return [...methods]
      .filter(([, { min, max }]) => !amount || (Number(amount) >= min && (max === null || Number(amount) <= max)))
      .map(([id, { min, max }]) => ({
        resource: "method",
        id,
        description: id,
        minimumAmount: { value: min.toFixed(2), currency },
        maximumAmount: max === null ? null : { value: max.toFixed(2), currency },
        image: {
          size1x: `https://www.mollie.com/external/icons/payment-methods/${id}.png`,
          size2x: `https://www.mollie.com/external/icons/payment-methods/${id}%402x.png`,
          svg: `https://www.mollie.com/external/icons/payment-methods/${id}.svg`,
        },
        status: "activated",
        _links: { self: api(`methods/${id}`) },
      }));
  }

  const list = (name: string, items: unknown[]) =>
    Response.json({
      count: items.length,
      _embedded: { [name]: items },
      _links: { self: api(name), previous: null, next: null, documentation: docs(`list-${name}`) },
    });

  function createPayment(body: Json): FakePayment {
    const { amount, description, sequenceType, recurring, redirectUrl, webhookUrl } = checkPaymentBody(body);
    let customerId: string | undefined;
    let mandateId: string | null = null;
    if (recurring || body.customerId !== undefined) {
      customerId = String(body.customerId ?? "");
      if (!customers.has(customerId)) refuse("The customer id is invalid", "customerId");
    }
    if (recurring) {
      const candidates = [...mandates.values()].filter((m) => m.customerId === customerId && m.status === "valid");
      const mandate = body.mandateId === undefined ? candidates[0] : mandates.get(String(body.mandateId));
      if (!mandate || mandate.customerId !== customerId || mandate.status !== "valid")
        refuse("The mandate is invalid or does not belong to this customer", "mandateId");
      mandateId = mandate!.id;
    }
    return {
      id: newId("tr"),
      status: recurring ? "pending" : "open",
      amount,
      description,
      sequenceType,
      method: recurring ? "directdebit" : ((body.method as string | undefined) ?? null),
      metadata: body.metadata ?? null,
      redirectUrl,
      webhookUrl,
      ...(customerId ? { customerId } : {}),
      mandateId,
      amountRefunded: amountOf(0, amount.currency),
      amountRemaining: amount,
      createdAt: new Date().toISOString(),
    };
  }

  function createMandate(customerId: string, body: Json) {
    const { signatureDate } = checkMandateBody(body);
    const mandateId = newId("mdt");
    const mandate = {
      resource: "mandate",
      mode,
      id: mandateId,
      customerId,
      status: "valid",
      method: "directdebit",
      details: {
        consumerName: body.consumerName,
        consumerAccount: body.consumerAccount,
        consumerBic: body.consumerBic ?? null,
      },
      mandateReference: body.mandateReference ?? null,
      signatureDate,
      createdAt: new Date().toISOString(),
      _links: {
        self: api(`customers/${customerId}/mandates/${mandateId}`),
        customer: api(`customers/${customerId}`),
        documentation: docs("get-mandate"),
      },
    };
    mandates.set(mandate.id, mandate);
    return mandate;
  }

  function refund(payment: FakePayment, body: Json) {
    const amount = checkAmount(body.amount);
    if (payment.status !== "paid") refuse(`The payment ${payment.id} has not been paid and cannot be refunded`);
    if (payment.amountChargedBack) refuse(`The payment ${payment.id} has been charged back and cannot be refunded`);
    const remaining = cents(view(payment).amountRemaining);
    if (cents(amount) > remaining) refuse("The amount is higher than the amount remaining on the payment", "amount");
    const made = {
      resource: "refund",
      id: newId("re"),
      paymentId: payment.id,
      description: typeof body.description === "string" ? body.description : "",
      amount,
      status: "pending" as FakeRefundStatus,
      metadata: body.metadata ?? null,
      createdAt: new Date().toISOString(),
    };
    refunds.push(made);
    return refundView(made);
  }

  async function route(request: Request, path: string, body: Json | null): Promise<[number, Json] | Response> {
    const post = request.method === "POST";
    if (path === "/v2/payments" && post) {
      const payment = createPayment(body!);
      payments.set(payment.id, payment);
      return [201, view(payment)];
    }
    if (path === "/v2/methods" && !post) return list("methods", activeMethods(new URL(request.url).searchParams));
    const onPayment = /^\/v2\/payments\/([^/]+)(\/refunds|\/chargebacks)?(?:\/([^/]+))?$/.exec(path);
    if (onPayment) {
      const [, id, sub, itemId] = onPayment;
      const payment = payments.get(id!);
      if (!payment) return error(404, `No payment exists with token ${id}.`);
      if (!sub && !post) return [200, view(payment)];
      if (sub === "/refunds" && itemId) {
        const found = refunds.find((r) => r.paymentId === payment.id && r.id === itemId);
        return found ? [200, refundView(found)] : error(404, `No refund exists with token ${itemId}.`);
      }
      if (sub === "/refunds" && post) return [201, refund(payment, body!)];
      if (sub === "/refunds") return list("refunds", refunds.filter((r) => r.paymentId === payment.id).map(refundView));
      if (!post)
        return list(
          "chargebacks",
          chargebacks
            .filter((c) => c.paymentId === payment.id)
            .map((c) => ({
              ...c,
              _links: {
                self: api(`payments/${c.paymentId}/chargebacks/${c.id}`),
                payment: api(`payments/${c.paymentId}`),
              },
            })),
        );
    }
    if (path === "/v2/customers" && post) {
      const customerId = newId("cst");
      const customer = {
        resource: "customer",
        mode,
        id: customerId,
        name: body!.name ?? null,
        email: body!.email ?? null,
        locale: body!.locale ?? null,
        metadata: body!.metadata ?? null,
        createdAt: new Date().toISOString(),
        _links: {
          self: api(`customers/${customerId}`),
          dashboard: link(`https://my.mollie.com/dashboard/customers/${customerId}`, "text/html"),
          documentation: docs("get-customer"),
        },
      };
      customers.set(customer.id, customer);
      return [201, customer];
    }
    const onCustomer = /^\/v2\/customers\/([^/]+)(\/mandates|\/payments)?(?:\/([^/]+))?$/.exec(path);
    if (onCustomer) {
      const [, customerId = "", sub, itemId] = onCustomer;
      if (!customers.has(customerId)) return error(404, `No customer exists with token ${customerId}.`);
      const remove = request.method === "DELETE";
      // Revoking a mandate, deleting a customer (its mandates are revoked with it): 204, no body.
      if (sub === "/mandates" && itemId && remove) {
        if (mandates.get(itemId)?.customerId !== customerId)
          return error(404, `No mandate exists with token ${itemId}.`);
        mandates.delete(itemId);
        return new Response(null, { status: 204 });
      }
      if (itemId) return error(404, "The requested resource does not exist");
      if (!sub && remove) {
        customers.delete(customerId);
        for (const [id, mandate] of mandates) if (mandate.customerId === customerId) mandates.delete(id);
        return new Response(null, { status: 204 });
      }
      if (!sub && !post) return [200, customers.get(customerId)!];
      if (sub === "/mandates" && post) return [201, createMandate(customerId, body!)];
      if (sub === "/mandates")
        return list("mandates", [...mandates.values()].filter((x) => x.customerId === customerId).reverse());
      if (sub === "/payments" && !post) {
        const own = [...payments.values()].filter((p) => p.customerId === customerId).reverse();
        return list("payments", own.map(view));
      }
    }
    return error(404, "The requested resource does not exist");
  }

  return {
    apiKey,
    payments,
    customers,
    mandates,
    refunds,
    chargebacks,
    faults,
    /** Requests that reached the API (authenticated or not), oldest first. */
    requests,
    violations,
    /** Answers one request to the API (any host: the path decides). */
    async handle(request: Request): Promise<Response> {
      const url = new URL(request.url);
      const path = url.pathname;
      const text = request.method === "GET" ? "" : await request.text();
      const idempotencyKey = request.headers.get("idempotency-key");
      let body: Json | null = null;
      try {
        body = text ? (JSON.parse(text) as Json) : request.method === "POST" ? {} : null;
      } catch {
        return error(400, "The request body is not valid JSON");
      }
      requests.push({ method: request.method, path: `${path}${url.search}`, body, idempotencyKey });
      const wrong = requestViolations(request.method, url, body);
      for (const problem of wrong) violations.push(`${request.method} ${path} request: ${problem}`);
      const fault = faults.find((f) => !f.match || f.match(request));
      if (fault?.times !== undefined && --fault.times <= 0) faults.splice(faults.indexOf(fault), 1);
      if (fault?.kind === "hang") return aborted(request.signal);
      if (fault?.kind === "down") return error(fault.status ?? 503, faultDetails[fault.status ?? 503] ?? "Refused");
      if (request.headers.get("authorization") !== `Bearer ${apiKey}`)
        return error(401, "Missing authentication, or failed to authenticate");
      if (text && !request.headers.get("content-type")?.startsWith("application/json"))
        return error(400, "Send the body as application/json");
      const replayKey = idempotencyKey && `${request.method} ${path} ${idempotencyKey}`;
      const earlier = replayKey ? replies.get(replayKey) : undefined;
      if (earlier && earlier.body !== text) return error(422, "The idempotency key was used with another request body");
      let answer: Response;
      // Mollie refuses what its schemas do not take (an unknown method, a missing field).
      if (wrong.length) answer = error(422, wrong[0]!, wrong[0]!.split(":")[0]);
      else if (earlier) answer = Response.json(earlier.json, { status: earlier.status });
      else {
        try {
          const result = await route(request, path, body);
          if (result instanceof Response) answer = result;
          else {
            if (replayKey) replies.set(replayKey, { body: text, status: result[0], json: result[1] });
            answer = Response.json(result[1], {
              status: result[0],
              headers: { "Content-Type": "application/hal+json" },
            });
          }
        } catch (thrown) {
          if (!(thrown instanceof Refusal)) throw thrown;
          answer = error(thrown.status, thrown.message, thrown.field);
        }
      }
      const answered = answer.status === 204 ? null : await answer.clone().json();
      for (const problem of responseViolations(request.method, path, answer.status, answered))
        violations.push(`${request.method} ${path} answer ${answer.status}: ${problem}`);
      return fault?.kind === "lost-answer" ? error(fault.status ?? 504, "Gateway time-out") : answer;
    },
    /** Mollie moves a payment on (the payer paid, the bank collected or refused, it ran out). */
    setStatus(id: string, status: FakePaymentStatus) {
      const payment = payments.get(id);
      if (!payment) throw new Error(`no fake Mollie payment ${id}`);
      payment.status = status;
      if (status === "paid") payment.paidAt = new Date().toISOString();
    },
    /** The payer's bank takes the money of a paid payment back (all of it unless `value` is given). */
    chargeBack(id: string, value?: string) {
      const payment = payments.get(id);
      if (payment?.status !== "paid") throw new Error(`fake Mollie payment ${id} is not paid`);
      const amount = { currency: payment.amount.currency, value: value ?? payment.amount.value };
      chargebacks.push({
        resource: "chargeback",
        id: newId("chb"),
        paymentId: id,
        amount,
        createdAt: new Date().toISOString(),
      });
      const total = chargebacks.filter((c) => c.paymentId === id).reduce((sum, c) => sum + cents(c.amount), 0);
      payment.amountChargedBack = amountOf(total, amount.currency);
    },
    /** The payer's bank reverses the payment's charge-backs: each gets `reversedAt`, and nothing is charged back any more. */
    reverseChargeBacks(id: string) {
      const payment = payments.get(id);
      if (!payment?.amountChargedBack) throw new Error(`fake Mollie payment ${id} is not charged back`);
      for (const chargeback of chargebacks.filter((c) => c.paymentId === id)) {
        chargeback.reversedAt ??= new Date().toISOString();
      }
      delete payment.amountChargedBack;
    },
    /** The account's active methods (the Methods API's answer): tests switch some off, or on. */
    methods,
    /** Mollie moves a refund on: it reaches the payer (refunded), or fails or is canceled and counts no more. */
    setRefundStatus(refundId: string, status: FakeRefundStatus) {
      const found = refunds.find((r) => r.id === refundId);
      if (!found) throw new Error(`no fake Mollie refund ${refundId}`);
      found.status = status;
    },
    /** A refund made outside the app, in Mollie's dashboard (all that remains unless `value` is given). */
    refundInDashboard(paymentId: string, value?: string) {
      const payment = payments.get(paymentId);
      if (!payment) throw new Error(`no fake Mollie payment ${paymentId}`);
      const amount = value ? { currency: payment.amount.currency, value } : view(payment).amountRemaining;
      return refund(payment, { amount, description: "Refunded in the dashboard" });
    },
    /** Adds a fault for the next matching requests (see Fault). */
    fail(fault: Fault) {
      faults.push(fault);
    },
    /** Mollie keeps idempotency keys only for a while: forgets them all. */
    forgetIdempotencyKeys() {
      replies.clear();
    },
    /** The newest payment, for tests that did not keep its id. */
    lastPayment() {
      return [...payments.values()].at(-1);
    },
  };
}
