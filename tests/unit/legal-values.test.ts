// The values the legal pages promise about money are the domain's own
// settings, in the reader's language and currency: the monthly spending
// limit in the terms, and no sentence about it where the domain has none.
import { describe, expect, it } from "vitest";
import { legalDocument } from "#app/server/content/legal.ts";
import { legalValues } from "#app/server/content/legal-values.ts";

const settings = {
  name: "Hartslag",
  refund_days: 14,
  minimum_age: 18,
  message_credits: 5,
  support_email: "support@hartslag.example",
  support_phone: "",
  monthly_spending_limit_cents: 50_000,
};

describe("legal values", () => {
  it("states the monthly spending limit in the page's locale and the visitor's currency", () => {
    const nl = legalValues({
      settings,
      company: null,
      locale: "nl",
      origin: "https://hartslag.example",
      country: "NL",
    });
    expect(nl.spendingLimit?.replace(/\s/g, " ")).toBe("€ 500,00");
    const sv = legalValues({
      settings,
      company: null,
      locale: "sv",
      origin: "https://hartslag.example",
      country: "SE",
    });
    expect(sv.spendingLimit?.replace(/\s/g, " ")).toBe("500,00 kr");
  });

  it("leaves the limit's sentence out of the terms where the domain sets none", () => {
    const withLimit = legalValues({
      settings,
      company: null,
      locale: "en",
      origin: "https://x.example",
      country: "NL",
    });
    const without = legalValues({
      settings: { ...settings, monthly_spending_limit_cents: 0 },
      company: null,
      locale: "en",
      origin: "https://x.example",
      country: "NL",
    });
    expect(without.spendingLimit).toBe("");
    expect(legalDocument("terms", "en", withLimit).html).toContain("€500.00");
    expect(legalDocument("terms", "en", without).html).not.toMatch(/€|at most .* a calendar month/);
  });
});
