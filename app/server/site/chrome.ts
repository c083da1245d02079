// What every page's frame shows (top navigation, footer, disclaimer,
// site-entry warning), computed once per document request in the root loader.
import type { RequestContext } from "#app/context.ts";
import { localizedText, siteTexts } from "#app/i18n/localized-text.ts";
import { maySignUp } from "#app/server/accounts/signup.ts";
import { companyAddress, supportContact } from "#app/server/content/legal-values.ts";
import { interestCatalogue } from "#app/server/members/interest-catalogue.ts";
import { maySearch } from "#app/server/members/search-access.ts";
import { getCompany, termsVersionDate } from "#app/server/reference/reference-data.ts";
import { siteLocales } from "#app/server/settings/locales.ts";
import { memberSummary } from "./member-summary.ts";
import { siteSeo } from "./seo.ts";
import { shouldShowSiteEntryWarning, siteEntryWarningInChatLayout } from "./site-entry.ts";
import type { TrafficSource } from "./traffic-source.ts";

export async function loadSiteChrome(
  app: RequestContext,
  cookies: { siteEntrySkippedAt: number | null; trafficSource?: TrafficSource },
) {
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
    seo: await siteSeo(app),
    member: summary,
    // The same rules /members and /signup apply, so no button leads to a refusal.
    canSearch: maySearch(app, cookies.trafficSource ?? {}),
    signupsOpen: maySignUp(settings, cookies.trafficSource ?? {}),
    site: {
      name: settings.name,
      domain: settings.domain,
      logo: settings.logo,
      ...siteTexts(settings, locale),
      fictionalWarning: localizedText(settings.fictional_warning, locale),
      fictionalSingular: localizedText(settings.fictional_singular, locale),
      fictionalPlural: localizedText(settings.fictional_plural, locale),
      // The badge icon: an interest slug resolved to its icon name, or an icon name as given.
      fictionalIcon:
        interestCatalogue.find((interest) => interest.slug === settings.fictional_icon)?.icon ??
        settings.fictional_icon,
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
