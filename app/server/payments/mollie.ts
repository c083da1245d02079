// Mollie (iDEAL, Bancontact, PayPal, cards, direct debit...) over its REST API
// v2. Webhooks carry only the payment id; its status is always fetched from
// Mollie, which is how Mollie's webhooks are verified. A refund carries its
// idempotency key both as the header and in its metadata, so the same refund
// asked again, even after Mollie forgot the key, is found rather than repeated.
import { type PaymentProvider, ProviderRefused, type ProviderStatus } from "./provider.ts";

const methodNames: Record<string, string> = {
  ideal: "ideal",
  bancontact: "bancontact",
  paypal: "paypal",
  creditcard: "creditcard",
  banktransfer: "banktransfer",
  directdebit: "directdebit",
  sofort: "sofort",
  eps: "eps",
  giropay: "giropay",
  przelewy24: "przelewy24",
  blik: "blik",
  klarna: "klarnapaylater",
  twint: "twint",
  trustly: "trustly",
  applepay: "applepay",
  mobilepay: "mobilepay",
  vipps: "vipps",
};

const statuses: Record<string, ProviderStatus> = {
  open: "open",
  pending: "pending",
  authorized: "pending",
  paid: "paid",
  failed: "failed",
  canceled: "cancelled",
  expired: "expired",
};

interface MollieRefund {
  status: string;
  metadata?: { idempotencyKey?: string } | null;
}

class MollieError extends Error {
  readonly status: number;
  constructor(status: number, message: string) {
    super(message);
    this.status = status;
  }
}

/** Refunds that did not and will not pay anything back. */
const failedRefund = new Set(["failed", "canceled"]);

export const mollieAmount = (cents: number, currency: string) => ({ currency, value: (cents / 100).toFixed(2) });

export function mollieProvider(config: { apiKey: string; apiUrl: string }): PaymentProvider {
  async function call<T>(
    path: string,
    init: { method?: string; body?: unknown; idempotencyKey?: string } = {},
  ): Promise<T> {
    if (!config.apiKey) throw new Error("MOLLIE_API_KEY is not set");
    const response = await fetch(`${config.apiUrl}/v2${path}`, {
      method: init.method ?? "GET",
      headers: {
        Authorization: `Bearer ${config.apiKey}`,
        "Content-Type": "application/json",
        ...(init.idempotencyKey ? { "Idempotency-Key": init.idempotencyKey } : {}),
      },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
    if (!response.ok) {
      const message = `Mollie ${init.method ?? "GET"} ${path}: ${response.status} ${await response.text()}`;
      throw new MollieError(response.status, message);
    }
    return (await response.json()) as T;
  }
  return {
    name: "mollie",
    async create(payment) {
      const created = await call<{ id: string; _links: { checkout?: { href: string } } }>("/payments", {
        method: "POST",
        body: {
          amount: mollieAmount(payment.amountCents, payment.currency),
          description: payment.description,
          redirectUrl: payment.redirectUrl,
          webhookUrl: payment.webhookUrl,
          method: methodNames[payment.method],
          metadata: { paymentId: payment.paymentId },
        },
      });
      if (!created._links.checkout) throw new Error(`Mollie payment ${created.id} has no checkout link`);
      return { ref: created.id, checkoutUrl: created._links.checkout.href };
    },
    async status(ref) {
      if (!/^tr_[A-Za-z0-9]+$/.test(ref)) throw new Error(`not a Mollie payment id: ${ref}`);
      const payment = await call<{ status: string }>(`/payments/${ref}`);
      return statuses[payment.status] ?? "pending";
    },
    async refund(ref, amountCents, currency, idempotencyKey) {
      if (idempotencyKey) {
        // Mollie keeps an idempotency key only for a while; a refund asked again later (the
        // hourly job finishing one a crash cut short) finds the first one by the key in its metadata.
        const earlier = await call<{ _embedded?: { refunds?: MollieRefund[] } }>(`/payments/${ref}/refunds?limit=250`);
        const refunds = earlier._embedded?.refunds ?? [];
        if (refunds.some((r) => r.metadata?.idempotencyKey === idempotencyKey && !failedRefund.has(r.status))) return;
      }
      try {
        await call(`/payments/${ref}/refunds`, {
          method: "POST",
          body: {
            amount: mollieAmount(amountCents, currency),
            ...(idempotencyKey ? { metadata: { idempotencyKey } } : {}),
          },
          idempotencyKey,
        });
      } catch (error) {
        // A 4xx is Mollie's answer that it did not refund, except "the same request is under way"
        // (409) and "not now" (429); a 5xx, or no answer at all, leaves open whether it did.
        if (error instanceof MollieError && error.status < 500 && ![409, 429].includes(error.status)) {
          throw new ProviderRefused(error.message);
        }
        throw error;
      }
    },
  };
}
