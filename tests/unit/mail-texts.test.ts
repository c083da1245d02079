// Every mail template the product sends has its texts in every locale: a
// missing one would reach the member as bare translation keys.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { locales } from "#app/i18n/locales.ts";
import { mailTemplates } from "#app/server/mail/templates.ts";

const parts = ["subject", "preheader", "title", "body", "button", "note", "reason"] as const;
const root = join(import.meta.dirname, "../../locales");

describe("mail texts", () => {
  for (const locale of locales) {
    it(`has every template's texts in ${locale}`, () => {
      const texts = JSON.parse(readFileSync(join(root, locale, "mail.json"), "utf8")) as Record<
        string,
        Record<string, unknown>
      >;
      const missing = mailTemplates.flatMap((template) =>
        parts.filter((part) => typeof texts[template]?.[part] !== "string").map((part) => `${template}.${part}`),
      );
      expect(missing).toEqual([]);
    });
  }

  it("acknowledges a complaint with its reference and never repeats what the complainant typed", () => {
    for (const locale of locales) {
      const texts = JSON.parse(readFileSync(join(root, locale, "mail.json"), "utf8"));
      const received = texts.complaint_received as Record<string, string>;
      expect(received.subject, locale).toContain("{{reference}}");
      expect(received.body, locale).toContain("{{reference}}");
      expect(JSON.stringify(received), locale).not.toMatch(/\{\{(topic|name)\}\}/);
    }
  });

  it("puts the operator's reply in the complaint reply's body", () => {
    for (const locale of locales) {
      const texts = JSON.parse(readFileSync(join(root, locale, "mail.json"), "utf8"));
      expect(texts.complaint_reply.body, locale).toContain("{{reply}}");
    }
  });
});
