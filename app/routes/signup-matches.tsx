// /signup-matches: the last signup step, members who match what the new member
// is looking for, then on to the members area.
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { MemberGrid } from "#app/components/members/member-card.tsx";
import { countryName } from "#app/i18n/format.ts";
import { getI18n } from "#app/i18n/i18next.server.ts";
import { useLocale } from "#app/i18n/use-locale.ts";
import { requireMember } from "#app/server/accounts/guards.ts";
import { ageOn } from "#app/server/members/age.ts";
import { MAX_AGE, MIN_AGE, searchMembers, searchQuerySchema } from "#app/server/members/search.ts";
import type { Route } from "./+types/signup-matches";

const SPREAD = 8;

export async function loader({ request, context }: Route.LoaderArgs) {
  const { app, member } = requireMember(context, request);
  const age = ageOn(member.profile.dateOfBirth, app.now());
  const { members } = await searchMembers(
    app,
    searchQuerySchema.parse({
      gender: member.profile.seeking,
      country: member.profile.country,
      min_age: String(Math.max(MIN_AGE, age - SPREAD)),
      max_age: String(Math.min(MAX_AGE, age + SPREAD)),
    }),
  );
  return { members: members.slice(0, 12), title: getI18n(context).t("accounts:matches.title") };
}

export const meta = ({ loaderData }: Route.MetaArgs) => [{ title: loaderData?.title }];

export default function SignupMatches({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("accounts");
  const locale = useLocale();
  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <h1 className="text-2xl font-bold">{t("matches.title")}</h1>
      <p className="mt-1 mb-6 text-muted">{t("matches.intro")}</p>
      <MemberGrid members={loaderData.members} countryName={(code) => countryName(code, locale)} />
      <div className="mt-8 text-center">
        <Link to="/members?welcome=1" className="btn-primary">
          {t("matches.continue")}
        </Link>
      </div>
    </div>
  );
}
