// What every document's <head> says about the site, whatever the page: the
// adult-content labels (also on error pages, so filters and parental controls
// see them everywhere) and, as JSON-LD, the company behind the domain and the
// website itself. A page's own title and share tags come from its route's
// meta (page-meta.ts).
import { scriptSafeJson } from "#app/i18n/embedded.ts";
import { intlTags, isLocale } from "#app/i18n/locales.ts";
import type { SiteChrome } from "#app/server/site/chrome.ts";

/** The Restricted To Adults label, the same on every site that uses it. */
export const RTA_LABEL = "RTA-5042-1996-1400-1577-RTA";

type StructuredChrome = Pick<SiteChrome, "seo" | "site" | "company" | "locale">;

/** schema.org's Organization (the domain's company) and WebSite, as one JSON-LD graph. */
function siteJsonLd({ seo, site, company, locale }: StructuredChrome) {
  const home = new URL("/", seo.origin).href;
  const organization = company && {
    "@type": "Organization",
    "@id": `${home}#organization`,
    name: company.name,
    url: home,
    ...(company.tradenames.length ? { alternateName: company.tradenames } : {}),
    address: {
      "@type": "PostalAddress",
      streetAddress: company.address,
      postalCode: company.postcode,
      addressLocality: company.city,
      addressCountry: company.country,
    },
    ...(company.vatNumbers[0] ? { vatID: company.vatNumbers[0] } : {}),
    identifier: [
      ...(company.kvk ? [{ "@type": "PropertyValue", propertyID: "KvK", value: company.kvk }] : []),
      ...company.vatNumbers.map((vat) => ({ "@type": "PropertyValue", propertyID: "VAT", value: vat })),
    ],
    contactPoint: {
      "@type": "ContactPoint",
      contactType: "customer support",
      ...(site.supportEmail ? { email: site.supportEmail } : {}),
      ...(site.supportPhone ? { telephone: site.supportPhone } : {}),
    },
  };
  const website = {
    "@type": "WebSite",
    "@id": `${home}#website`,
    name: site.name,
    url: home,
    inLanguage: isLocale(locale) ? intlTags[locale] : locale,
    ...(organization ? { publisher: { "@id": organization["@id"] } } : {}),
  };
  return { "@context": "https://schema.org", "@graph": organization ? [organization, website] : [website] };
}

export function SiteMeta({ chrome }: { chrome: StructuredChrome | undefined }) {
  return (
    <>
      <meta name="rating" content="adult" />
      <meta name="RATING" content={RTA_LABEL} />
      {chrome && (
        <script
          type="application/ld+json"
          // biome-ignore lint/security/noDangerouslySetInnerHtml: scriptSafeJson escapes what could end the script
          dangerouslySetInnerHTML={{ __html: scriptSafeJson(siteJsonLd(chrome)) }}
        />
      )}
    </>
  );
}
