// The <head> of a lander: title, description and what sharing shows (Open
// Graph, Twitter card) from the loader's ShareInfo; nothing private.
import type { ShareInfo } from "#app/server/landers/lander-page.ts";

export function landerMeta(share: ShareInfo | undefined) {
  if (!share) return [];
  return [
    { title: share.title },
    { name: "description", content: share.description },
    { property: "og:type", content: "website" },
    { property: "og:title", content: share.title },
    { property: "og:description", content: share.description },
    { property: "og:url", content: share.url },
    { property: "og:site_name", content: share.siteName },
    { property: "og:locale", content: share.locale },
    ...(share.image ? [{ property: "og:image", content: share.image }] : []),
    { name: "twitter:card", content: share.image ? "summary_large_image" : "summary" },
  ];
}

/** Route handle of every lander: its name for tracking_data, and the site-entry warning inside signup. */
export const landerHandle = (lander: string) => ({ lander, signupFlowEmbeddedSiteEntryWarning: true });

/**
 * A member's profile when shared (Open Graph): name, age, region and
 * the public main photo; nothing else. A fictional profile's photo is not
 * shown outside the site, where its disclosure could not travel with it.
 */
export function profileShareMeta(
  profile: {
    id: number;
    name: string;
    age: number;
    region: string | null;
    mainImage: string | null;
    fictional: boolean;
  },
  site: { origin: string; name: string } | null,
) {
  const title = `${profile.name}, ${profile.age}`;
  const description = [title, profile.region, site?.name].filter(Boolean).join(" · ");
  if (!site) return [{ title }];
  return [
    { title: `${title} – ${site.name}` },
    { name: "description", content: description },
    { property: "og:type", content: "profile" },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    { property: "og:url", content: new URL(`/members/${profile.id}`, site.origin).href },
    { property: "og:site_name", content: site.name },
    ...(profile.mainImage && !profile.fictional
      ? [{ property: "og:image", content: new URL(profile.mainImage, site.origin).href }]
      : []),
    { name: "twitter:card", content: "summary" },
  ];
}
