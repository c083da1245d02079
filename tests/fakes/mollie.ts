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
export type FakePaymentStatus = "open" | "pending" | "authorized" | "paid" | "failed" | "canceled" | "expired";

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
  customerId: string | null;
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
  const refunds: (Json & { id: string; paymentId: string; amount: Amount })[] = [];
  const chargebacks: (Json & { id: string; paymentId: string; amount: Amount })[] = [];
  const replies = new Map<string, { body: string; status: number; json: Json }>();
  const faults: Fault[] = [];
  const requests: { method: string; path: string; body: Json | null; idempotencyKey: string | null }[] = [];

  function view(payment: FakePayment) {
    const refunded = refunds.filter((r) => r.paymentId === payment.id).reduce((sum, r) => sum + cents(r.amount), 0);
    const hosted = payment.sequenceType !== "recurring" && payment.status === "open";
    return {
      resource: "payment",
      mode: apiKey.startsWith("live_") ? "live" : "test",
      ...payment,
      amountRefunded: amountOf(refunded, payment.amount.currency),
      amountRemaining: amountOf(cents(payment.amount) - refunded, payment.amount.currency),
      _links: {
        self: { href: `https://api.mollie.com/v2/payments/${payment.id}`, type: "application/hal+json" },
        ...(hosted ? { checkout: { href: `https://www.mollie.com/checkout/test-mode?token=${payment.id}` } } : {}),
      },
    };
  }

  const list = (name: string, items: unknown[]) => Response.json({ count: items.length, _embedded: { [name]: items } });

  function createPayment(body: Json): FakePayment {
    const { amount, description, sequenceType, recurring, redirectUrl, webhookUrl } = checkPaymentBody(body);
    let customerId: string | null = null;
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
      customerId,
      mandateId,
      amountRefunded: amountOf(0, amount.currency),
      amountRemaining: amount,
      createdAt: new Date().toISOString(),
    };
  }

  function createMandate(customerId: string, body: Json) {
    const { signatureDate } = checkMandateBody(body);
    const mandate = {
      resource: "mandate",
      id: newId("mdt"),
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
      amount,
      status: "pending",
      metadata: body.metadata ?? null,
      createdAt: new Date().toISOString(),
    };
    refunds.push(made);
    return made;
  }

  async function route(request: Request, path: string, body: Json | null): Promise<[number, Json] | Response> {
    const post = request.method === "POST";
    if (path === "/v2/payments" && post) {
      const payment = createPayment(body!);
      payments.set(payment.id, payment);
      return [201, view(payment)];
    }
    const onPayment = /^\/v2\/payments\/([^/]+)(\/refunds|\/chargebacks)?$/.exec(path);
    if (onPayment) {
      const [, id, sub] = onPayment;
      const payment = payments.get(id!);
      if (!payment) return error(404, `No payment exists with token ${id}.`);
      if (!sub && !post) return [200, view(payment)];
      if (sub === "/refunds" && post) return [201, refund(payment, body!)];
      if (sub === "/refunds")
        return list(
          "refunds",
          refunds.filter((r) => r.paymentId === payment.id),
        );
      if (!post)
        return list(
          "chargebacks",
          chargebacks.filter((c) => c.paymentId === payment.id),
        );
    }
    if (path === "/v2/customers" && post) {
      const customer = {
        resource: "customer",
        id: newId("cst"),
        name: body!.name ?? null,
        email: body!.email ?? null,
        locale: body!.locale ?? null,
        metadata: body!.metadata ?? null,
        createdAt: new Date().toISOString(),
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
        if (mandates.get(itemId)?.customerId !== customerId) return error(404, `No mandate exists with token ${itemId}.`);
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
      if (earlier) answer = Response.json(earlier.json, { status: earlier.status });
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
