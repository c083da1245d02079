import { describe, expect, it } from "vitest";
import { paymentMovedOn } from "#app/components/payments/payment-poll.ts";

const open = { id: 7, status: "open" };

describe("the transaction page's poll", () => {
  it("reloads when the payment's answer brings a new status", () => {
    expect(paymentMovedOn({ payment_id: 7, status: "paid", credits: 60, method: "ideal" }, open)).toBe(true);
  });

  it("waits while the status is the same", () => {
    expect(paymentMovedOn({ payment_id: 7, status: "open", credits: 60, method: "ideal" }, open)).toBe(false);
  });

  it("ignores an answer about another payment, or without payment_id", () => {
    expect(paymentMovedOn({ payment_id: 8, status: "paid" }, open)).toBe(false);
    expect(paymentMovedOn({ id: 7, status: "paid" }, open)).toBe(false);
    expect(paymentMovedOn(null, open)).toBe(false);
  });
});
