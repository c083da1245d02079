// What every lander route loads: the lander's members, its niche's audience
// words, whether the visitor may sign up, and the page's title and description
// (the head adds the domain's share picture, never a member's photo).
// Landers are for visitors: the page gate sends members on to the members area.
// A slug must name a niche (its first part, before any "-", a niche's prefix)
// and a member must exist, or the page is refused as not found.
import type { RequestContext } from "#app/context.ts";
import { capitalised } from "#app/i18n/format.ts";
import { translator } from "#app/i18n/i18next.server.ts";
import type { Lander } from "#app/routing/lander-address.ts";
import { maySignUp } from "#app/server/accounts/signup.ts";
import { DomainError } from "#app/server/errors.ts";
import { getMemberProfile } from "#app/server/members/profile.ts";
import { trafficSource } from "#app/server/site/traffic-source.ts";
import { type LanderMember, landerMembers, SLUG } from "./landers.ts";
import { nicheOfSlug } from "./niches.ts";

function setting(app: RequestContext, request: Request, slug: string | undefined) {
  if (slug !== undefined && !SLUG.test(slug)) throw new DomainError("page_not_found");
  const t = translator(app.locale);
  const niche = nicheOfSlug(slug, app.settings.niche);
  if (slug !== undefined && niche.prefix !== slug.split("-")[0]) throw new DomainError("page_not_found");
  return { app, t, niche, signupsOpen: maySignUp(app.settings, trafficSource(request)) };
}

/** A lander of /landers/*: `count` members of the niche its slug (or the domain) names. */
export async function loadLander(
  app: RequestContext,
  request: Request,
  input: { lander: Lander; slug?: string; count: number },
) {
  const { t, niche, signupsOpen } = setting(app, request, input.slug);
  const members: LanderMember[] = await landerMembers(app, niche, input.count);
  const audience = t(`content:niches.${niche.code}`);
  const values = { name: app.settings.name, audience };
  // The audience may open a title or a sentence ("singles in jouw regio"): it starts with a capital there.
  const text = {
    title: capitalised(t(`content:landers.${input.lander}.metaTitle`, values), app.locale),
    description: capitalised(t(`content:landers.${input.lander}.metaDescription`, values), app.locale),
  };
  return {
    members,
    audience,
    niche: niche.code,
    signupsOpen,
    siteName: app.settings.name,
    share: text,
  };
}

/** /members/{id}/landing2 and landing3: one member up front, a few more of the niche below. */
export async function loadMemberLander(
  app: RequestContext,
  request: Request,
  input: { variant: "landing2" | "landing3"; id: number; slug?: string },
) {
  const { t, niche, signupsOpen } = setting(app, request, input.slug);
  const [profile, others] = await Promise.all([getMemberProfile(app, input.id), landerMembers(app, niche, 7)]);
  if (!profile) throw new DomainError("member_not_found");
  const member = {
    id: profile.id,
    name: profile.name,
    age: profile.age,
    region: profile.region,
    country: profile.country,
    photo: profile.mainImage,
    about: profile.about,
    fictional: profile.fictional,
    interests: profile.interests.map((i) => i.slug),
    gender: profile.gender,
  };
  const values = { name: app.settings.name, member: profile.name, age: profile.age };
  const text = {
    title: t(`content:landers.${input.variant}.metaTitle`, values),
    description: t(`content:landers.${input.variant}.metaDescription`, values),
  };
  return {
    member,
    others: others.filter((m) => m.id !== profile.id).slice(0, 6),
    signupsOpen,
    siteName: app.settings.name,
    share: text,
  };
}
