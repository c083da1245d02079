// /members/{id}/signup and /members/{id}/landing (variants of a
// member's page): a visitor sees the member and signs up to write to them; the first
// message travels with the signup. The page gate sends members straight to the profile.
import { invariantResponse } from "@epic-web/invariant";
import { useTranslation } from "react-i18next";
import { WriteToMember } from "#app/components/accounts/write-to-member.tsx";
import { pageMeta } from "#app/components/layout/page-meta.ts";
import { FictionalBadge } from "#app/components/members/fictional-badge.tsx";
import { requestContext } from "#app/context.ts";
import { getI18n } from "#app/i18n/i18next.server.ts";
import { parseId } from "#app/routing/params.ts";
import { signupLimits } from "#app/server/accounts/signup-limits.ts";
import { getMemberProfile } from "#app/server/members/profile.ts";
import type { Route } from "./+types/members-id-signup";

export async function loader({ params, context }: Route.LoaderArgs) {
  const app = context.get(requestContext);
  const id = parseId(params.id);
  const profile = id === null ? null : await getMemberProfile(app, id);
  invariantResponse(profile, () => getI18n(context).t("errors:memberNotFound"), { status: 404 });
  return {
    member: {
      id: profile.id,
      name: profile.name,
      age: profile.age,
      region: profile.region,
      photo: profile.mainImage,
      about: profile.about,
      fictional: profile.fictional,
    },
    ...signupLimits(app),
  };
}

export const handle = { signupFlowEmbeddedSiteEntryWarning: true };

// A member's name and age, nothing else of them (page-meta.ts).
export const meta = (args: Route.MetaArgs) =>
  pageMeta(args, args.loaderData && { title: `${args.loaderData.member.name}, ${args.loaderData.member.age}` });

export default function MemberSignup({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("members");
  const { member } = loaderData;
  return (
    <div className="mx-auto grid max-w-5xl gap-6 px-4 py-8 md:grid-cols-2">
      <section className="card overflow-hidden" aria-labelledby="member-title">
        <div className="relative aspect-square bg-secondary-soft">
          {member.photo && (
            <img
              src={member.photo}
              alt={t("photoOf", { name: member.name })}
              className="size-full object-cover"
              width={640}
              height={640}
            />
          )}
          {member.fictional && <FictionalBadge className="absolute left-3 top-3" />}
        </div>
        <div className="p-5">
          <h1 id="member-title" className="text-2xl font-black">
            {member.name}, {member.age}
          </h1>
          {member.region && <p className="text-muted">{member.region}</p>}
          {member.about && <p className="mt-3 line-clamp-4 text-sm leading-relaxed">{member.about}</p>}
        </div>
      </section>
      <WriteToMember
        memberId={member.id}
        limits={loaderData}
        className="card p-6"
        titleId="signup-title"
        title={t("writeTo", { name: member.name })}
        intro={t("writeToIntro", { name: member.name })}
      />
    </div>
  );
}
