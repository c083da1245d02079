// The payment provider interface (external services behind an
// interface with a local default). "sandbox" is a real hosted checkout of our
// own (local default); "mollie" talks to Mollie's REST API.
import type { RequestContext } from "#app/context.ts";
import { mollieProvider } from "./mollie.ts";
import { sandboxProvider } from "./sandbox.ts";

export type ProviderStatus = "open" | "pending" | "paid" | "failed" | "cancelled" | "expired";

export interface NewProviderPayment {
  paymentId: number;
  amountCents: number;
  currency: string;
  description: string;
  method: string;
  redirectUrl: string;
  webhookUrl: string;
}

export interface PaymentProvider {
  readonly name: "sandbox" | "mollie";
  create(payment: NewProviderPayment): Promise<{ ref: string; checkoutUrl: string }>;
  /** The provider's word on a payment: webhooks carry only an id, never trusted data. */
  status(ref: string): Promise<ProviderStatus>;
  /**
   * Refunds (part of) a paid payment; the same `idempotencyKey` refunds once,
   * and asking again with it answers as the first time did. Throws
   * ProviderRefused when the provider answered that it did not refund; any
   * other error leaves it unknown whether it did.
   */
  refund(ref: string, amountCents: number, currency: string, idempotencyKey?: string): Promise<void>;
}

/** The provider answered that it did not do it: nothing happened there (after an error without an answer, it may have). */
export class ProviderRefused extends Error {}

export function paymentProvider(
  app: Pick<RequestContext, "env" | "db">,
  name = app.env.PAYMENT_PROVIDER,
): PaymentProvider {
  if (name === "mollie") {
    const env = app.env as unknown as Record<string, string | undefined>;
    return mollieProvider({ apiKey: env.MOLLIE_API_KEY ?? "", apiUrl: env.MOLLIE_API_URL ?? "https://api.mollie.com" });
  }
  return sandboxProvider(app.db);
}
