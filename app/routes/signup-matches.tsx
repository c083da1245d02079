// /signup-matches: the last signup step, members who match what the new member
// is looking for, then on to the members area.
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { MemberGrid } from "#app/components/members/member-card.tsx";
import { countryName } from "#app/i18n/format.ts";
import { getI18n } from "#app/i18n/i18next.server.ts";
import { useLocale } from "#app/i18n/use-locale.ts";
import { requireMember } from "#app/routing/guards.server.ts";
import { signupMatches } from "#app/server/members/suggestions.ts";
import type { Route } from "./+types/signup-matches";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { app, member } = requireMember(context, request);
  return { members: await signupMatches(app, member), title: getI18n(context).t("accounts:matches.title") };
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
