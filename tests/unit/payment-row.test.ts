import { describe, expect, it } from "vitest";
import { paymentRow } from "#app/server/payments/checkout.ts";

type Quoted = Parameters<typeof paymentRow>[2];
const NOW = Date.UTC(2026, 10, 27, 9, 0, 0);
const site = { settings: { domain: "a.example" } } as Parameters<typeof paymentRow>[0];
const pkg = { id: 7, currency: "EUR", credits: 120, priceCents: 2000 } as Quoted["pkg"];

describe("paymentRow", () => {
  it("opens a payment for the quoted package, at the quoted amount, on the member's domain", () => {
    const quoted = { pkg, discount: null, amountCents: 2000 } as Quoted;
    expect(
      paymentRow(site, { id: 3 }, quoted, { country: "NL", method: "ideal", provider: "sandbox", now: NOW }),
    ).toEqual({
      userId: 3,
      packageId: 7,
      domain: "a.example",
      country: "NL",
      currency: "EUR",
      amountCents: 2000,
      credits: 120,
      method: "ideal",
      provider: "sandbox",
      discountCodeId: null,
      createdAt: NOW,
      updatedAt: NOW,
    });
  });

  it("names the discount code the quote applied, and keeps the package's credits", () => {
    const quoted = { pkg, discount: { id: 11, valuePercentage: 25 }, amountCents: 1500 } as Quoted;
    const row = paymentRow(site, { id: 3 }, quoted, {
      country: "NL",
      method: "directdebit",
      provider: "mollie",
      now: NOW,
    });
    expect(row).toMatchObject({ amountCents: 1500, credits: 120, discountCodeId: 11, method: "directdebit" });
  });
});
