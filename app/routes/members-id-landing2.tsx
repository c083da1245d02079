// /members/{id}/landing2/{slug?} (a landing variant): one member large,
// her or his facts and interests, the signup form with a first message to
// them beside it, and a few more members of the niche below.
import { useTranslation } from "react-i18next";
import { WriteToMember } from "#app/components/accounts/write-to-member.tsx";
import { landerHandle, landerMeta } from "#app/components/landers/lander-meta.ts";
import { MemberPhoto, nameLine } from "#app/components/landers/parts.tsx";
import { useSiteChrome } from "#app/components/layout/use-site-chrome.ts";
import { requestContext } from "#app/context.ts";
import { countryName } from "#app/i18n/format.ts";
import { useLocale } from "#app/i18n/use-locale.ts";
import { memberLanderPage } from "#app/routing/landers.server.ts";
import { signupLimits } from "#app/server/accounts/signup-limits.ts";
import type { Route } from "./+types/members-id-landing2";

export const handle = landerHandle("landing2");

export async function loader({ context, request, params }: Route.LoaderArgs) {
  const page = await memberLanderPage(context, request, { variant: "landing2", id: params.id, slug: params.slug });
  return { ...page, ...signupLimits(context.get(requestContext)) };
}

export const meta = (args: Route.MetaArgs) => landerMeta(args);

export default function MemberLanding2({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("content");
  const locale = useLocale();
  const chrome = useSiteChrome();
  const { member, others } = loaderData;
  return (
    <div className="bg-gradient-to-br from-primary-soft via-surface to-secondary-soft">
      <div className="mx-auto grid max-w-6xl gap-6 px-4 py-8 lg:grid-cols-[1.1fr_1fr] lg:py-12">
        <section className="card overflow-hidden" aria-labelledby="member-title">
          <div className="relative">
            <MemberPhoto member={member} className="aspect-[4/5] sm:aspect-[4/3] lg:aspect-[4/5]" priority size={720} />
            <div className="absolute inset-x-0 bottom-0 bg-gradient-to-t from-black/80 to-transparent p-6 pt-20 text-white">
              <h1 id="member-title" className="text-3xl font-black sm:text-4xl">
                {t("landers.landing2.title", { name: member.name, age: member.age })}
              </h1>
              <p className="mt-1 text-white/90">
                {[member.region, countryName(member.country, locale)].filter(Boolean).join(", ")}
              </p>
            </div>
          </div>
          {member.about && <p className="p-6 pb-2 leading-relaxed">{member.about}</p>}
          {member.interests.length > 0 && (
            <ul
              className="flex flex-wrap gap-2 p-6 pt-3"
              aria-label={t("landers.landing2.interests", { name: member.name })}
            >
              {member.interests.slice(0, 8).map((slug) => (
                <li key={slug} className="rounded-full bg-secondary-soft px-3 py-1 text-sm">
                  {t(`interests:${slug}`)}
                </li>
              ))}
            </ul>
          )}
          {member.fictional && chrome?.site.fictionalWarning && (
            <p className="mx-6 mb-6 rounded-lg bg-ink/5 p-3 text-xs text-muted">{chrome.site.fictionalWarning}</p>
          )}
        </section>
        <WriteToMember
          memberId={member.id}
          limits={loaderData}
          className="card h-fit p-6 sm:p-8"
          titleId="signup-title"
          titleClassName="text-2xl font-bold"
          title={t("landers.landing2.writeTo", { name: member.name })}
          introClassName="mt-1 mb-5 text-sm text-muted"
          intro={t("landers.landing2.writeIntro")}
        />
      </div>
      {others.length > 0 && (
        <section className="mx-auto max-w-6xl px-4 pb-12" aria-labelledby="others-title">
          <h2 id="others-title" className="mb-4 text-xl font-bold">
            {t("landers.landing2.others")}
          </h2>
          <ul className="grid grid-cols-3 gap-3 sm:grid-cols-6">
            {others.map((other) => (
              <li key={other.id}>
                <MemberPhoto member={other} className="aspect-square rounded-2xl" size={200} />
                <p className="mt-1 truncate text-sm">{nameLine({ name: other.name, age: other.age })}</p>
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
