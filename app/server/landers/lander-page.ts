// What every lander route loads: the lander's members, its niche's audience
// words, whether the visitor may sign up, and what sharing shows (Open Graph:
// the page, a public photo of a member who is not fictional, no private data).
// Landers are for visitors: the page gate sends members on to the members area.
import { data, type RouterContextProvider } from "react-router";
import { requestContext } from "#app/context.ts";
import { canonicalUrl } from "#app/i18n/alternates.ts";
import { getI18n } from "#app/i18n/i18next.server.ts";
import { intlTags } from "#app/i18n/locales.ts";
import { maySignUp } from "#app/server/accounts/signup.ts";
import { getMemberProfile } from "#app/server/members/profile.ts";
import { trafficSource } from "#app/server/site/traffic-source.ts";
import { type Lander, type LanderMember, landerMembers, landerPath, SLUG } from "./landers.ts";
import { nicheOfSlug } from "./niches.ts";

type Context = Readonly<RouterContextProvider>;

export interface ShareInfo {
  title: string;
  description: string;
  url: string;
  image: string | null;
  siteName: string;
  locale: string;
}

function setting(context: Context, request: Request, slug: string | undefined) {
  const app = context.get(requestContext);
  if (slug !== undefined && !SLUG.test(slug)) throw data(null, { status: 404 });
  const t = getI18n(context).t;
  const niche = nicheOfSlug(slug, app.settings.niche);
  return { app, t, niche, signupsOpen: maySignUp(app.settings, trafficSource(request)) };
}

function share(
  app: ReturnType<typeof setting>["app"],
  path: string,
  text: { title: string; description: string },
  members: { photo: string | null; fictional: boolean }[],
): ShareInfo {
  const photo = members.find((m) => m.photo && !m.fictional)?.photo ?? null;
  return {
    ...text,
    url: canonicalUrl(app.origin, path),
    image: photo ? new URL(photo, app.origin).href : null,
    siteName: app.settings.name,
    locale: intlTags[app.locale].replace("-", "_"),
  };
}

/** A lander of /landers/*: `count` members of the niche its slug (or the domain) names. */
export async function loadLander(
  context: Context,
  request: Request,
  input: { lander: Lander; slug?: string; count: number },
) {
  const { app, t, niche, signupsOpen } = setting(context, request, input.slug);
  const members: LanderMember[] = await landerMembers(app, niche, input.count);
  const audience = t(`content:niches.${niche.code}`);
  const values = { name: app.settings.name, audience };
  const text = {
    title: t(`content:landers.${input.lander}.metaTitle`, values),
    description: t(`content:landers.${input.lander}.metaDescription`, values),
  };
  return {
    members,
    audience,
    niche: niche.code,
    signupsOpen,
    siteName: app.settings.name,
    share: share(app, landerPath(input.lander, input.slug), text, members),
  };
}

/** /members/{id}/landing2 and landing3: one member up front, a few more of the niche below. */
export async function loadMemberLander(
  context: Context,
  request: Request,
  input: { variant: "landing2" | "landing3"; id: string; slug?: string },
) {
  const { app, t, niche, signupsOpen } = setting(context, request, input.slug);
  const id = /^[1-9]\d{0,9}$/.test(input.id) ? Number(input.id) : null;
  const [profile, others] = await Promise.all([
    id === null ? null : getMemberProfile(app, id),
    landerMembers(app, niche, 7),
  ]);
  if (!profile) throw data({ message: t("errors:memberNotFound") }, { status: 404 });
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
  const path = `/members/${profile.id}/${input.variant}${input.slug ? `/${input.slug}` : ""}`;
  return {
    member,
    others: others.filter((m) => m.id !== profile.id).slice(0, 6),
    signupsOpen,
    siteName: app.settings.name,
    share: share(app, path, text, [{ photo: member.photo, fictional: member.fictional }]),
  };
}
