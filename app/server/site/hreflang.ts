// Which address search engines should show to whom (hreflang): one value per
// country a site serves and locale offered there (`fr-CH`), at the domain of
// the site's group that serves that country, and one x-default. Every domain
// of a group computes the same list, so their links are reciprocal.
import type { HreflangTarget } from "#app/i18n/alternates.ts";
import { domainDefaultLocale, siteLocales } from "#app/server/settings/locales.ts";
import type { SiteSettings } from "#app/server/settings/schema.ts";

export type SiteVersion = Pick<
  SiteSettings,
  "domain" | "countries" | "visible_locales" | "domain_language" | "geoip_selected_country" | "site_group"
>;

/**
 * The hreflang targets of `own` (served at `origin`) and the other domains of
 * its group. A country served by several domains belongs to the one whose
 * `geoip_selected_country` it is, else to the first by name; x-default is the
 * domain the group is named after, else the first by name. Other domains are
 * linked at https://<their domain>.
 */
export function hreflangTargets(own: SiteVersion, origin: string, group: readonly SiteVersion[]): HreflangTarget[] {
  const versions = [own, ...group.filter((version) => version.domain !== own.domain)].sort((a, b) =>
    a.domain < b.domain ? -1 : a.domain > b.domain ? 1 : 0,
  );
  const originOf = (version: SiteVersion) => (version.domain === own.domain ? origin : `https://${version.domain}`);

  const targets: HreflangTarget[] = [];
  for (const country of new Set(versions.flatMap((version) => version.countries))) {
    const serving = versions.filter((version) => version.countries.includes(country));
    const owner = serving.find((version) => version.geoip_selected_country === country) ?? serving[0]!;
    const bare = domainDefaultLocale(owner);
    for (const locale of siteLocales(owner, country)) {
      targets.push({ hreflang: `${locale}-${country}`, origin: originOf(owner), lng: locale === bare ? null : locale });
    }
  }
  const main = versions.find((version) => version.domain === own.site_group) ?? versions[0]!;
  targets.push({ hreflang: "x-default", origin: originOf(main), lng: null });
  return targets;
}
