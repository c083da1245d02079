// The <head> tags of a public page: its title and description, and what a
// shared link of it shows (Open Graph, Twitter card). Every public route's
// `meta` is this helper given the page's own texts; the rest comes from the
// root loader's site chrome. The picture is always the domain's share image,
// never a member's photo: members are not shown outside the site by us.
import type { MetaDescriptor } from "react-router";
import { intlTags, isLocale } from "#app/i18n/locales.ts";
import { pageIndexing } from "#app/routing/indexing.ts";
import type { SiteChrome } from "#app/server/site/chrome.ts";

/** The domain's share picture (drawn by app/server/pwa/share-image.ts): the size the big social sites ask for. */
export const SHARE_IMAGE = { path: "/share-image.png", width: 1200, height: 630, type: "image/png" } as const;

/** What a route's meta function is given that this helper reads. */
interface MetaArgsSeen {
  location: { pathname: string; search: string };
  error?: unknown;
  matches: readonly ({ id: string; loaderData?: unknown } | undefined)[];
}

/** A page's own texts, in the page's language; without a description the site's is used. */
export interface PageTexts {
  title: string;
  description?: string | null;
}

/** og:locale's form of a locale: nl_NL. */
const ogLocale = (locale: string) => (isLocale(locale) ? intlTags[locale] : locale).replace("-", "_");

export function pageMeta(
  { location, matches, error }: MetaArgsSeen,
  page: PageTexts | null | undefined,
): MetaDescriptor[] {
  if (!page) return [];
  const chrome = matches.find((match) => match?.id === "root")?.loaderData as SiteChrome | undefined;
  const description = page.description || chrome?.site.description || "";
  const texts = [{ title: page.title }, ...(description ? [{ name: "description", content: description }] : [])];
  if (!chrome) return texts;
  const { origin } = chrome.seo;
  // The address search engines are given for the page (its canonical link), so a share counts for it too.
  const { canonical } = pageIndexing({
    routeId: matches.at(-1)?.id,
    pathname: location.pathname,
    search: location.search,
    failed: error != null,
    maySearch: chrome.canSearch,
    landerSlug: chrome.seo.landerSlug,
  });
  return [
    ...texts,
    { property: "og:type", content: "website" },
    { property: "og:title", content: page.title },
    ...(description ? [{ property: "og:description", content: description }] : []),
    { property: "og:url", content: new URL(canonical, origin).href },
    { property: "og:image", content: new URL(SHARE_IMAGE.path, origin).href },
    { property: "og:image:width", content: String(SHARE_IMAGE.width) },
    { property: "og:image:height", content: String(SHARE_IMAGE.height) },
    { property: "og:image:type", content: SHARE_IMAGE.type },
    { property: "og:image:alt", content: chrome.site.name },
    { property: "og:site_name", content: chrome.site.name },
    { property: "og:locale", content: ogLocale(chrome.locale) },
    { name: "twitter:card", content: "summary_large_image" },
  ];
}
