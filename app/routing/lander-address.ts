// The landers (landing page designs) and their addresses: which exist, how a
// niche's slug goes into the address, and which address is each lander's one
// canonical form. No server code here: the page head (routing/indexing.ts)
// computes canonical addresses in the browser too.

export const landers = [
  "tinderswipe",
  "alonetonight",
  "collagelanding",
  "gallery",
  "iconslanding",
  "maplanding",
  "socialnetwork",
  "transitionsvideolanding",
  "video",
] as const;
export type Lander = (typeof landers)[number];

/** A lander's address; tinderswipe takes no slug. */
export function landerPath(lander: Lander | (string & {}), slug?: string | null): string {
  if (lander === "tinderswipe" || !slug) return `/landers/${lander}`;
  return `/landers/${lander}/${slug}`;
}

/**
 * The one address of a lander asked for with `slug`: its niche's, named by the
 * slug's first part (`milf-amsterdam`: /landers/<design>/milf); without a slug,
 * the domain's own niche's (`domainSlug`, null for a domain whose niche has no
 * slug), so a niche domain's lander has one address, not two.
 */
export function canonicalLander(design: string, slug: string | undefined, domainSlug: string | null): string {
  return landerPath(design, (slug ?? domainSlug)?.split("-")[0]);
}
