// Mollie (iDEAL, Bancontact, PayPal, cards, direct debit...) over its REST API
// v2. Webhooks carry only the payment id; its status is always fetched from
// Mollie, which is how Mollie's webhooks are verified.
import type { PaymentProvider, ProviderStatus } from "./provider.ts";

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
    if (!response.ok)
      throw new Error(`Mollie ${init.method ?? "GET"} ${path}: ${response.status} ${await response.text()}`);
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
      await call(`/payments/${ref}/refunds`, {
        method: "POST",
        body: { amount: mollieAmount(amountCents, currency) },
        idempotencyKey,
      });
    },
  };
}
