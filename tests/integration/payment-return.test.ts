// The way back after a purchase started from a conversation: only the buyer's
// own /chats/<id> is ever offered, whatever the address says.
import { SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { handleWebhook, startCheckout } from "#app/server/payments/checkout.ts";
import { returnToConversation } from "#app/server/payments/return-path.ts";
import { sandboxPayment, settleSandboxPayment } from "#app/server/payments/sandbox.ts";
import { accountsApp, db, givenAccount, givenConversation, SITE } from "./fixtures.ts";
import { givenPackage, member, paymentRow } from "./payment-fixtures.ts";

const FOREIGN = [
  "https://evil.example/chats/1",
  "//evil.example/chats/1",
  "/chats/1/../../logout",
  "/chats/0",
  "/members/1",
];

/** Ann bought a package from her conversation with Bob; the payment is paid. */
async function givenPurchaseFromConversation() {
  const chat = await givenConversation();
  const pkg = await givenPackage();
  const app = accountsApp();
  const ann = await member(chat.ann);
  const returnTo = `/chats/${chat.conversation}`;
  const { paymentId } = await startCheckout(app, ann, { packageId: pkg.id, method: "ideal", country: "NL", returnTo });
  const row = await paymentRow(paymentId);
  await settleSandboxPayment(db, row.providerRef!, "paid");
  await handleWebhook(app, "sandbox", row.providerRef!);
  const { redirectUrl } = (await sandboxPayment(db, row.providerRef!))!;
  return { ...chat, pkg, paymentId, returnTo, redirectUrl };
}

const page = async (path: string, cookie: string) => {
  const response = await SELF.fetch(`${SITE}${path}`, { headers: { Cookie: cookie } });
  expect(response.status).toBe(200);
  return response.text();
};
const backLink = (html: string) => /<a[^>]*data-testid="back-to-conversation"[^>]*>/.exec(html)?.[0] ?? null;

describe("the way back to a conversation after buying credits", () => {
  it("accepts a conversation of the member's own, for either participant", async () => {
    const { ann, bob, conversation } = await givenConversation();
    expect(await returnToConversation({ db }, ann, `/chats/${conversation}`)).toBe(`/chats/${conversation}`);
    expect(await returnToConversation({ db }, bob, `/chats/${conversation}`)).toBe(`/chats/${conversation}`);
  });

  it("refuses another member's conversation, one that does not exist, and anything that is not /chats/<id>", async () => {
    const { conversation } = await givenConversation();
    const stranger = await givenAccount({ name: "Cas", gender: "male" });
    expect(await returnToConversation({ db }, stranger, `/chats/${conversation}`)).toBeNull();
    expect(await returnToConversation({ db }, stranger, `/chats/${conversation + 1000}`)).toBeNull();
    for (const raw of [...FOREIGN, null, "", 42]) expect(await returnToConversation({ db }, stranger, raw)).toBeNull();
  });

  it("sends the member from the provider back to the payment's page with the conversation to return to", async () => {
    const { paymentId, redirectUrl, returnTo } = await givenPurchaseFromConversation();
    const url = new URL(redirectUrl);
    expect(url.pathname).toBe(`/transactions/${paymentId}`);
    expect(url.searchParams.get("return")).toBe(returnTo);
  });

  it("offers the way back to the conversation on the paid payment's page", async () => {
    const { paymentId, returnTo, annCookie } = await givenPurchaseFromConversation();
    const html = await page(`/transactions/${paymentId}?return=${encodeURIComponent(returnTo)}`, annCookie);
    expect(backLink(html)).toContain(`href="${returnTo}"`);
  });

  it("offers only the usual links when the address names another member's conversation or another site", async () => {
    const { paymentId, annCookie } = await givenPurchaseFromConversation();
    const others = await givenConversation();
    for (const raw of [`/chats/${others.conversation}`, ...FOREIGN]) {
      const html = await page(`/transactions/${paymentId}?return=${encodeURIComponent(raw)}`, annCookie);
      expect(backLink(html), raw).toBeNull();
      expect(html).toContain('href="/chats"');
      expect(html).not.toContain("evil.example");
    }
  });

  it("carries a checked way back through the choice of package and into the checkout form", async () => {
    const { conversation, annCookie } = await givenConversation();
    const pkg = await givenPackage();
    const own = encodeURIComponent(`/chats/${conversation}`);
    expect(await page(`/credits?return=${own}`, annCookie)).toContain(`href="/credits/${pkg.id}?return=${own}"`);
    const checkout = await page(`/credits/${pkg.id}?return=${own}`, annCookie);
    expect(checkout).toContain(`name="return" value="/chats/${conversation}"`);
    const forged = await page(`/credits?return=${encodeURIComponent(FOREIGN[0]!)}`, annCookie);
    expect(forged).toContain(`href="/credits/${pkg.id}"`);
    expect(forged).not.toContain("evil.example");
  });
});
