// What the legal and help pages say about the domain (company info,
// refund period, terms date, monthly spending limit): the values of their
// {{placeholders}}, formatted for the page's locale. A value left empty (no
// spending limit) drops the line that promises it.
import { countryName, formatDate, formatMoney, formatNumber } from "#app/i18n/format.ts";
import type { Locale } from "#app/i18n/locales.ts";
import { currencyOf } from "#app/server/payments/catalogue.ts";
import { type Company, telHref, termsVersionDate } from "#app/server/reference/reference-data.ts";
import type { SiteSettings } from "#app/server/settings/schema.ts";

type ContactSettings = Pick<SiteSettings, "support_email" | "support_phone">;

/** The support address and phone: the domain's own, else its company's. */
export function supportContact(
  settings: ContactSettings,
  company: Pick<Company, "supportEmail" | "supportPhone"> | null,
) {
  const phone = settings.support_phone || company?.supportPhone || "";
  return {
    email: settings.support_email || company?.supportEmail || "",
    phone,
    phoneHref: phone ? telHref(phone) : "",
  };
}

export function companyAddress(company: Company, locale: Locale): string {
  return [company.address, `${company.postcode} ${company.city}`.trim(), countryName(company.country, locale)]
    .filter(Boolean)
    .join(", ");
}

export function legalValues(input: {
  settings: Pick<SiteSettings, "name" | "refund_days" | "minimum_age" | "message_credits"> &
    Partial<Pick<SiteSettings, "monthly_spending_limit_cents">> &
    ContactSettings;
  company: Company | null;
  locale: Locale;
  origin: string;
  /** The visitor's country: the spending limit is shown in the currency they pay in there. */
  country?: string;
}): Record<string, string> {
  const { settings, company, locale, origin } = input;
  const limit = settings.monthly_spending_limit_cents ?? 0;
  const contact = supportContact(settings, company);
  return {
    site: settings.name,
    url: origin,
    host: new URL(origin).host,
    company: company?.name ?? settings.name,
    address: company ? companyAddress(company, locale) : "",
    kvk: company?.kvk ?? "",
    vat: company?.vatNumbers.join(", ") ?? "",
    tradenames: company?.tradenames.join(", ") ?? "",
    email: contact.email,
    phone: contact.phone,
    phoneHref: contact.phoneHref,
    refundDays: formatNumber(settings.refund_days, locale),
    termsDate: formatDate(termsVersionDate(company), locale),
    age: formatNumber(settings.minimum_age, locale),
    messageCredits: formatNumber(settings.message_credits, locale),
    spendingLimit: limit > 0 ? formatMoney(limit, currencyOf[input.country ?? ""] ?? "EUR", locale) : "",
  };
}
