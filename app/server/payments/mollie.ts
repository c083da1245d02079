// Mollie (iDEAL, Bancontact, PayPal, cards, SEPA direct debit...) over its
// REST API v2. Webhooks carry only the payment id; its status is always fetched
// from Mollie, which is how Mollie's webhooks are verified, with the amount the
// payer's bank charged back (lower again after a reversal). An erased member's
// customer is deleted, its mandates revoked first. What may be asked again
// after a crash or a lost answer is found rather than repeated: a refund by the
// idempotency key in its metadata, a collection by our payment id in its
// metadata (Mollie forgets Idempotency-Key headers after a while). The keys
// are the caller's, random and stored (provider-keys.ts). Which methods the
// account has active comes from Mollie's Methods API. Every call gives up
// after the configured time-out.
import type { PaymentMethod } from "#app/schemas/enums.ts";
import type { MethodsQuery, PaymentProvider, ProviderRefund, ProviderStatus } from "./provider.ts";
import { ProviderRefused } from "./provider.ts";

type Amount = { currency: string; value: string };
interface MolliePayment {
  id: string;
  status: string;
  metadata?: { paymentId?: number } | null;
  amountChargedBack?: Amount;
  _links: { checkout?: { href: string } };
}

/**
 * The methods we can start at Mollie, under Mollie's own names. Not here:
 * sofort and giropay, which Mollie retired, and klarna, which Mollie takes
 * only with order lines and the payer's billing address (name, street, city),
 * which we do not ask of members buying credits.
 */
export const MOLLIE_METHODS: readonly PaymentMethod[] = [
  "ideal",
  "bancontact",
  "paypal",
  "creditcard",
  "banktransfer",
  "directdebit",
  "eps",
  "przelewy24",
  "blik",
  "twint",
  "trustly",
  "applepay",
  "mobilepay",
  "vipps",
];

/** Mollie's locales; a member's language is asked for in their country's form where Mollie has it (nl_BE). */
const mollieLocales = new Set(
  "ca_ES cs_CZ da_DK de_AT de_CH de_DE de_LU en_BE en_GB en_NL en_US es_ES fi_FI fr_BE fr_FR fr_LU hu_HU is_IS it_IT lt_LT lv_LV nb_NO nl_BE nl_NL pl_PL pt_PT sk_SK sv_SE".split(
    " ",
  ),
);
const homeLocale: Record<string, string> = { en: "en_US", da: "da_DK", sv: "sv_SE", nb: "nb_NO" };
function mollieLocale(language: string, country: string) {
  const local = `${language}_${country}`;
  if (mollieLocales.has(local)) return local;
  const home = homeLocale[language] ?? `${language}_${language.toUpperCase()}`;
  return mollieLocales.has(home) ? home : "en_US";
}

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
  id: string;
  amount: Amount;
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

const mollieAmount = (cents: number, currency: string) => ({ currency, value: (cents / 100).toFixed(2) });
const centsOf = (amount: Amount) => Math.round(Number(amount.value) * 100);

/** Mollie's refund as the provider interface tells it: queued, pending and processing have not reached the payer yet. */
const refundOf = (refund: MollieRefund): ProviderRefund => ({
  id: refund.id,
  amountCents: centsOf(refund.amount),
  status: failedRefund.has(refund.status) ? "failed" : refund.status === "refunded" ? "refunded" : "pending",
  idempotencyKey: refund.metadata?.idempotencyKey ?? null,
});

export function mollieProvider(config: { apiKey: string; apiUrl: string; timeoutMs: number }): PaymentProvider {
  async function call<T>(
    path: string,
    init: { method?: string; body?: unknown; idempotencyKey?: string } = {},
  ): Promise<T> {
    const method = init.method ?? "GET";
    let response: Response;
    try {
      response = await fetch(`${config.apiUrl}/v2${path}`, {
        method,
        headers: {
          Authorization: `Bearer ${config.apiKey}`,
          "Content-Type": "application/json",
          ...(init.idempotencyKey ? { "Idempotency-Key": init.idempotencyKey } : {}),
        },
        body: init.body === undefined ? undefined : JSON.stringify(init.body),
        signal: AbortSignal.timeout(config.timeoutMs),
      });
    } catch (error) {
      if ((error as Error)?.name !== "TimeoutError") throw error;
      throw new Error(`Mollie ${method} ${path}: no answer within ${config.timeoutMs} ms`);
    }
    if (!response.ok) {
      throw new MollieError(response.status, `Mollie ${method} ${path}: ${response.status} ${await response.text()}`);
    }
    // A DELETE answers 204 without a body.
    if (response.status === 204) return undefined as T;
    return (await response.json()) as T;
  }

  /** A 4xx is Mollie's answer that it did not do it, except "under way" (409) and "not now" (429). */
  async function refusedOr<T>(run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (error) {
      if (error instanceof MollieError && error.status < 500 && ![409, 429].includes(error.status)) {
        throw new ProviderRefused(error.message);
      }
      throw error;
    }
  }

  async function listRefunds(ref: string) {
    const listed = await call<{ _embedded?: { refunds?: MollieRefund[] } }>(`/payments/${ref}/refunds?limit=250`);
    return (listed._embedded?.refunds ?? []).map(refundOf);
  }

  return {
    name: "mollie",
    async create(payment) {
      const created = await refusedOr(() =>
        call<MolliePayment>("/payments", {
          method: "POST",
          body: {
            amount: mollieAmount(payment.amountCents, payment.currency),
            description: payment.description,
            redirectUrl: payment.redirectUrl,
            webhookUrl: payment.webhookUrl,
            method: payment.method,
            metadata: { paymentId: payment.paymentId },
          },
        }),
      );
      if (!created._links.checkout) throw new Error(`Mollie payment ${created.id} has no checkout link`);
      return { ref: created.id, checkoutUrl: created._links.checkout.href };
    },
    async status(ref) {
      if (!/^tr_[A-Za-z0-9]+$/.test(ref)) throw new Error(`not a Mollie payment id: ${ref}`);
      const payment = await call<MolliePayment>(`/payments/${ref}`);
      // A charge-back leaves the status paid; the amount says how much the bank took back (less after a reversal).
      const chargedBackCents = payment.amountChargedBack ? centsOf(payment.amountChargedBack) : 0;
      return { status: statuses[payment.status] ?? "pending", chargedBackCents };
    },
    async refund(ref, amountCents, currency, idempotencyKey) {
      // Mollie keeps an idempotency key only for a while; a refund asked again later (the
      // hourly job finishing one a crash cut short) finds the first one by the key in its metadata.
      const earlier = (await listRefunds(ref)).find((r) => r.idempotencyKey === idempotencyKey);
      if (earlier && earlier.status !== "failed") return earlier;
      // A 5xx, or no answer at all, leaves open whether it refunded.
      const made = await refusedOr(() =>
        call<MollieRefund>(`/payments/${ref}/refunds`, {
          method: "POST",
          body: { amount: mollieAmount(amountCents, currency), metadata: { idempotencyKey } },
          idempotencyKey,
        }),
      );
      return refundOf(made);
    },
    refunds: listRefunds,
    async activeMethods(query: MethodsQuery) {
      const search = new URLSearchParams({
        sequenceType: query.sequenceType,
        locale: mollieLocale(query.locale, query.country),
        billingCountry: query.country,
      });
      if (query.amountCents !== undefined) {
        search.set("amount[value]", mollieAmount(query.amountCents, query.currency).value);
        search.set("amount[currency]", query.currency);
      }
      const listed = await call<{ _embedded?: { methods?: { id: string | null }[] } }>(`/methods?${search}`);
      return (listed._embedded?.methods ?? []).flatMap((m) => (m.id ? [m.id] : []));
    },
    async createCustomer(customer) {
      const created = await refusedOr(() =>
        call<{ id: string }>("/customers", {
          method: "POST",
          body: { name: customer.name, email: customer.email, metadata: { userId: customer.userId } },
          idempotencyKey: customer.idempotencyKey,
        }),
      );
      return created.id;
    },
    async createMandate(customerId, { idempotencyKey, ...mandate }) {
      const created = await refusedOr(() =>
        call<{ id: string }>(`/customers/${customerId}/mandates`, {
          method: "POST",
          body: { method: "directdebit", ...mandate },
          idempotencyKey,
        }),
      );
      return created.id;
    },
    async collect(collection) {
      const earlier = await call<{ _embedded?: { payments?: MolliePayment[] } }>(
        `/customers/${collection.customerId}/payments?limit=250`,
      );
      const found = earlier._embedded?.payments?.find((p) => p.metadata?.paymentId === collection.paymentId);
      if (found) return found.id;
      const created = await refusedOr(() =>
        call<MolliePayment>("/payments", {
          method: "POST",
          body: {
            amount: mollieAmount(collection.amountCents, collection.currency),
            description: collection.description,
            // Nobody is sent anywhere for a collection; Mollie's schema wants the field all the same.
            redirectUrl: null,
            sequenceType: "recurring",
            customerId: collection.customerId,
            mandateId: collection.mandateId,
            webhookUrl: collection.webhookUrl,
            metadata: { paymentId: collection.paymentId },
          },
          idempotencyKey: collection.idempotencyKey,
        }),
      );
      return created.id;
    },
    async forgetCustomer(customerId) {
      // Gone already (an earlier attempt, or deleted at Mollie's dashboard): nothing left to do there.
      const unlessGone = async (run: () => Promise<unknown>) => {
        try {
          await run();
        } catch (error) {
          if (!(error instanceof MollieError && [404, 410].includes(error.status))) throw error;
        }
      };
      await unlessGone(async () => {
        const listed = await call<{ _embedded?: { mandates?: { id: string; status: string }[] } }>(
          `/customers/${customerId}/mandates?limit=250`,
        );
        for (const mandate of listed._embedded?.mandates ?? []) {
          if (mandate.status === "invalid") continue;
          await unlessGone(() => call(`/customers/${customerId}/mandates/${mandate.id}`, { method: "DELETE" }));
        }
      });
      await unlessGone(() => call(`/customers/${customerId}`, { method: "DELETE" }));
    },
  };
}
