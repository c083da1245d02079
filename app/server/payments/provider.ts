// The payment provider interface (external services behind an interface with
// a local default). "sandbox" is a real hosted checkout of our own (local
// only); "mollie" talks to Mollie's REST API. Which one serves new payments is
// the configuration's choice; a payment keeps the provider it was made with.
import type { RequestContext } from "#app/context.ts";
import { appConfig } from "#app/server/config/env.ts";
import { mollieProvider } from "./mollie.ts";
import { sandboxProvider } from "./sandbox.ts";

/** The provider's word on where a payment stands. */
export type ProviderStatus = "open" | "pending" | "paid" | "failed" | "cancelled" | "expired";

/** What the provider says about a payment: its status, and how much of it the payer's bank has taken back (0 after a reversal). */
export interface ProviderAnswer {
  status: ProviderStatus;
  chargedBackCents: number;
}

interface NewProviderPayment {
  paymentId: number;
  amountCents: number;
  currency: string;
  description: string;
  method: string;
  redirectUrl: string;
  webhookUrl: string;
}

/** A refund at the provider: "pending" until the money reached the payer; "failed" ones paid nothing back. */
export interface ProviderRefund {
  id: string;
  amountCents: number;
  status: "pending" | "refunded" | "failed";
  /** The idempotency key the refund was asked with (ours), if any. */
  idempotencyKey: string | null;
}

/** What a list of methods is asked for: the order, and the payer's language and country. */
export interface MethodsQuery {
  /** Without an amount: every method active for the country and language. */
  amountCents?: number;
  currency: string;
  /** The member's language (nl, en …). */
  locale: string;
  country: string;
  sequenceType: "oneoff" | "recurring";
}

/** A SEPA mandate the member signed with their SMS code. */
interface NewMandate {
  consumerName: string;
  consumerAccount: string;
  /** YYYY-MM-DD, the day the code was confirmed. */
  signatureDate: string;
  mandateReference: string;
}

/** The collection of a direct debit under a signed mandate. */
interface NewCollection extends Omit<NewProviderPayment, "method"> {
  customerId: string;
  mandateId: string;
  idempotencyKey: string;
}

export interface PaymentProvider {
  readonly name: "sandbox" | "mollie";
  create(payment: NewProviderPayment): Promise<{ ref: string; checkoutUrl: string }>;
  /** The provider's word on a payment: webhooks carry only an id, never trusted data. */
  status(ref: string): Promise<ProviderAnswer>;
  /**
   * Refunds (part of) a paid payment; the same `idempotencyKey` refunds once,
   * and asking again with it answers with the first refund. Throws
   * ProviderRefused when the provider answered that it did not refund; any
   * other error leaves it unknown whether it did.
   */
  refund(ref: string, amountCents: number, currency: string, idempotencyKey: string): Promise<ProviderRefund>;
  /** Every refund of a payment, made here or at the provider's dashboard, with how far each got. */
  refunds(ref: string): Promise<ProviderRefund[]>;
  /** The methods the provider's account has active for an order (none: it cannot say, use the configured ones). */
  activeMethods?(query: MethodsQuery): Promise<string[]>;
  /** The member as the provider's customer (for mandates); returns its id. */
  createCustomer(customer: { userId: number; name: string; email: string; idempotencyKey: string }): Promise<string>;
  /** Registers a signed mandate with a customer; the same reference asked again is the same mandate. */
  createMandate(customerId: string, mandate: NewMandate & { idempotencyKey: string }): Promise<string>;
  /** Starts a collection; asked again for the same payment id, it finds the first rather than collecting twice. */
  collect(collection: NewCollection): Promise<string>;
  /** Revokes the customer's mandates and deletes the customer (an erased member); one gone already counts as done. */
  forgetCustomer(customerId: string): Promise<void>;
}

/** The provider answered that it did not do it: nothing happened there (after an error without an answer, it may have). */
export class ProviderRefused extends Error {}

/** How long a provider may take to answer one request. */
const PROVIDER_TIMEOUT_MS = 10_000;

export function paymentProvider(
  app: Pick<RequestContext, "env" | "db"> & { providerTimeoutMs?: number },
  name?: string,
): PaymentProvider {
  const config = appConfig(app.env);
  const wanted = name ?? config.payments.provider;
  if (wanted === "mollie") {
    // A Mollie payment made earlier cannot be asked about without Mollie's key.
    if (config.payments.provider !== "mollie") throw new Error("a Mollie payment, but PAYMENT_PROVIDER is not mollie");
    return mollieProvider({ ...config.payments, timeoutMs: app.providerTimeoutMs ?? PROVIDER_TIMEOUT_MS });
  }
  // The sandbox is a local tool: a production build holds none of its code.
  if (__LOCAL_TOOLS__ && wanted === "sandbox" && !config.production) return sandboxProvider(app.db);
  throw new Error(`payment provider "${wanted}" is not available here`);
}
