// GET /api/payments/<id>: the transaction page polls it while a payment is
// open; the answer names the payment as the product's calls do (payment_id).
import { SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { startCheckout } from "#app/server/payments/checkout.ts";
import { accountsApp, apiHeaders, sessionCookieFor } from "./fixtures.ts";
import { givenPackage, oldMember } from "./payment-fixtures.ts";

describe("GET /api/payments/<id>", () => {
  it("answers the member's own payment with payment_id, status and credits", async () => {
    const buyer = await oldMember();
    const pkg = await givenPackage("NL", 1995, 60);
    const { paymentId } = await startCheckout(accountsApp(), buyer, {
      packageId: pkg.id,
      method: "ideal",
      country: "NL",
      code: null,
    });
    const response = await SELF.fetch(`http://localhost/api/payments/${paymentId}`, {
      headers: apiHeaders(await sessionCookieFor(buyer.id)),
    });
    expect(response.status).toBe(200);
    const body = (await response.json()) as Record<string, unknown>;
    expect(body).toEqual({ payment_id: paymentId, status: "open", credits: 60, method: "ideal" });
  });
});
