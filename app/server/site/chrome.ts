// What every page's frame shows (top navigation, footer, disclaimer,
// site-entry warning), computed once per document request in the root loader.
import type { RequestContext } from "#app/context.ts";
import { localizedText } from "#app/i18n/localized-text.ts";
import { companyAddress, supportContact } from "#app/server/content/legal-values.ts";
import { getCompany, termsVersionDate } from "#app/server/reference/reference-data.ts";
import { domainLocales, siteLocales } from "#app/server/settings/locales.ts";
import { memberSummary } from "./member-summary.ts";
import { shouldShowSiteEntryWarning, siteEntryWarningInChatLayout } from "./site-entry.ts";

export async function loadSiteChrome(app: RequestContext, cookies: { siteEntrySkippedAt: number | null }) {
  const { settings, locale, country, db, now, member } = app;
  const [company, summary] = await Promise.all([
    getCompany(db, settings.company_id, now()),
    member ? memberSummary(app, member) : null,
  ]);
  const contact = supportContact(settings, company);
  const siteEntryWarning = shouldShowSiteEntryWarning({
    settings,
    country,
    loggedIn: member !== null,
    skippedAt: cookies.siteEntrySkippedAt,
  });
  return {
    locale,
    country,
    visibleLocales: siteLocales(settings, country),
    // Canonical and hreflang links (root.tsx): this host, the locales the domain serves.
    seo: { origin: app.origin, locales: domainLocales(settings) },
    member: summary,
    // Logged-out search; /members applies the traffic-source rule itself (search-access.ts).
    canSearch: summary !== null || settings.logged_out_search,
    signupsOpen: settings.signups === "all",
    site: {
      name: settings.name,
      domain: settings.domain,
      logo: settings.logo,
      title: localizedText(settings.index_title, locale),
      description: localizedText(settings.description, locale),
      fictionalWarning: localizedText(settings.fictional_warning, locale),
      fictionalSingular: localizedText(settings.fictional_singular, locale),
      supportEmail: contact.email,
      supportPhone: contact.phone,
      supportPhoneHref: contact.phoneHref,
      minimumAge: settings.minimum_age,
      theme: settings.theme ?? null,
    },
    company: company && {
      name: company.name,
      addressLine: companyAddress(company, locale),
      address: company.address,
      postcode: company.postcode,
      city: company.city,
      country: company.country,
      kvk: company.kvk,
      vatNumbers: company.vatNumbers,
      tradenames: company.tradenames,
    },
    termsDate: termsVersionDate(company),
    year: new Date(now()).getUTCFullYear(),
    siteEntryWarning,
    siteEntryWarningInChat: siteEntryWarning && siteEntryWarningInChatLayout(country),
  };
}

export type SiteChrome = Awaited<ReturnType<typeof loadSiteChrome>>;
