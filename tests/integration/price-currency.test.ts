// A domain names the currency of each country it serves (with that country's
// minimum message costs): the prices shown there and the amount charged come
// in that currency, formatted by Intl for the visitor's language. A country
// the domain names no currency for keeps its package's own.
import { SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { formatMoney } from "#app/i18n/format.ts";
import { startCheckout } from "#app/server/payments/checkout.ts";
import { packageOffers } from "#app/server/payments/offers.ts";
import { builtInSettings } from "#app/server/settings/defaults.ts";
import { accountsApp, givenAccount, givenDomainSettings, sessionCookieFor } from "./fixtures.ts";
import { givenPackage, oldMember, paymentRow } from "./payment-fixtures.ts";

const francs = { minimum_message_costs: { NL: { costs: 1, currency: "CHF" } } };

describe("the currency of a country's prices", () => {
  it("is the domain's currency for that country, shown and charged", async () => {
    const buyer = await oldMember();
    const pkg = await givenPackage("NL", 1995, 60);
    const app = accountsApp({ settings: francs });
    const { packages } = await packageOffers(app, buyer, "NL");
    expect(packages.map((p) => p.currency)).toEqual(["CHF"]);
    const { paymentId } = await startCheckout(app, buyer, { packageId: pkg.id, method: "ideal", country: "NL" });
    expect((await paymentRow(paymentId)).currency).toBe("CHF");
  });

  it("stays the package's own where the domain names none for the country", async () => {
    const buyer = await oldMember();
    await givenPackage("NL", 1995, 60);
    const app = accountsApp({ settings: { minimum_message_costs: { DE: { costs: 1, currency: "CHF" } } } });
    const { packages } = await packageOffers(app, buyer, "NL");
    expect(packages.map((p) => p.currency)).toEqual(["EUR"]);
  });

  it("is how the price pages write the price", async () => {
    await givenDomainSettings("localhost", { ...builtInSettings, ...francs });
    await givenPackage("NL", 1995, 60);
    const cookie = `${await sessionCookieFor(await givenAccount())}; lng=en`;
    for (const path of ["/credits", "/premium"]) {
      const html = (
        await (await SELF.fetch(`http://localhost${path}`, { headers: { Cookie: cookie } })).text()
      ).replaceAll("<!-- -->", "");
      expect(html, path).toContain(formatMoney(1995, "CHF", "en"));
      expect(html, path).not.toContain(formatMoney(1995, "EUR", "en"));
    }
  });
});
