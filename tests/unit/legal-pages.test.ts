// The legal and help pages: every page exists in every locale, uses
// only placeholders that are filled, names the company and the site, and no
// value can inject markup.
import { describe, expect, it } from "vitest";
import { locales } from "#app/i18n/locales.ts";
import { legalDocument, legalPages } from "#app/server/content/legal.ts";

const values = {
  site: "Hartslag",
  url: "https://hartslag.example",
  host: "hartslag.example",
  company: "Voorbeeld Media B.V.",
  address: "Herengracht 1, 1015 BA Amsterdam, Nederland",
  kvk: "12345678",
  vat: "NL123456789B01",
  tradenames: "Hartslag",
  email: "support@hartslag.example",
  phone: "020-123 45 67",
  phoneHref: "0201234567",
  refundDays: "14",
  termsDate: "1 december 2023",
  age: "18",
  messageCredits: "5",
  spendingLimit: "€ 500,00",
};

describe("legal pages", () => {
  for (const locale of locales) {
    it(`renders all ${legalPages.length} pages in ${locale}, filled and complete`, () => {
      for (const page of legalPages) {
        const doc = legalDocument(page, locale, values);
        const text = `${doc.title}\n${doc.html}\n${doc.questions.map((q) => q.question + q.answerHtml).join("\n")}`;
        expect(doc.title, `${locale}/${page}`).not.toBe(page);
        expect(doc.description.length, `${locale}/${page} description`).toBeGreaterThan(40);
        expect(text, `${locale}/${page}`).not.toContain("{{");
        expect(text, `${locale}/${page} names the site or company`).toMatch(/Hartslag|Voorbeeld Media/);
        if (page === "terms") expect(text).toContain(values.termsDate);
        if (page === "faq") expect(doc.questions.length, `${locale} FAQ`).toBeGreaterThanOrEqual(12);
        else expect(doc.html.length, `${locale}/${page} body`).toBeGreaterThan(800);
      }
    });
  }

  it("escapes values and leaves out lines whose value is empty", () => {
    const doc = legalDocument("service", "nl", { ...values, company: "<script>x</script>", vat: "" });
    expect(doc.html).not.toContain("<script>");
    expect(doc.html).toContain("&lt;script&gt;");
    expect(doc.html).not.toContain("NL123456789B01");
  });

  it("puts a value into link addresses and headings as it is, escaped once", () => {
    const doc = legalDocument("service", "en", { ...values, email: "o'brien&co@hartslag.example" });
    expect(doc.html).toContain('href="mailto:o&#x27;brien&amp;co@hartslag.example"');
    expect(doc.html).toContain(">o&#39;brien&amp;co@hartslag.example</a>");
    const faq = legalDocument("faq", "en", { ...values, site: `Bob's "Dates" & <Co>` });
    expect(faq.questions.map((q) => q.question)).toContain(`How does Bob's "Dates" & <Co> work?`);
    expect(faq.html + faq.questions.map((q) => q.answerHtml).join("")).not.toMatch(/<Co>|&amp;(amp|#39|quot);/);
  });

  it("gives every locale its own text, not the Dutch fallback", () => {
    const dutch = legalDocument("terms", "nl", values).title;
    for (const locale of locales.filter((l) => l !== "nl" && l !== "en")) {
      expect(legalDocument("terms", locale, values).title, locale).not.toBe(dutch);
    }
  });
});
