// Home page: faces first. On a phone the first screen (after the 18+ notice)
// shows a short headline and members with their photos (people-first order,
// members/suggestions.ts); the domain's pitch and its steps follow below. The
// signup button shows only where this visitor may sign up.
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useSignupsOpen } from "#app/components/accounts/signups-open.ts";
import { pageMeta } from "#app/components/layout/page-meta.ts";
import { MemberGrid } from "#app/components/members/member-card.tsx";
import { requestContext } from "#app/context.ts";
import { countryName } from "#app/i18n/format.ts";
import { getI18n } from "#app/i18n/i18next.server.ts";
import { useLocale } from "#app/i18n/use-locale.ts";
import { homeTeaser } from "#app/server/members/suggestions.ts";
import type { Route } from "./+types/index";

export async function loader({ context }: Route.LoaderArgs) {
  const app = context.get(requestContext);
  const t = getI18n(context).t;
  return {
    members: await homeTeaser(app),
    meta: {
      title: t("home.metaTitle", { name: app.settings.name }),
      description: t("home.metaDescription", { name: app.settings.name }),
    },
  };
}

export function meta(args: Route.MetaArgs) {
  const site = args.matches[0]?.loaderData?.site;
  const own = args.loaderData?.meta;
  return pageMeta(args, own && { title: site?.title || own.title, description: site?.description || own.description });
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const signupsOpen = useSignupsOpen();
  return (
    <>
      {/* Faces first: on a phone the headline and two rows of members fill the first screen. */}
      <section className="bg-gradient-to-br from-primary to-secondary text-white">
        <div className="mx-auto max-w-6xl px-4 py-4 md:py-10">
          <h1 className="text-2xl font-black leading-tight sm:text-4xl lg:text-5xl">{t("home.headline")}</h1>
        </div>
      </section>
      <section className="mx-auto max-w-6xl px-4 pt-4 pb-8 md:pt-8" aria-labelledby="teaser-title">
        <div className="mb-3 flex items-end justify-between gap-4">
          <h2 id="teaser-title" className="text-lg font-bold md:text-2xl">
            {t("home.teaserTitle")}
          </h2>
          <Link
            to="/members"
            className="inline-flex min-h-11 items-center text-sm font-semibold text-primary hover:underline"
          >
            {t("home.seeAll")}
          </Link>
        </div>
        <div data-testid="home-faces">
          <MemberGrid members={loaderData.members} countryName={(code) => countryName(code, locale)} />
        </div>
        <div className="mt-6 flex flex-wrap gap-3">
          {signupsOpen && (
            <Link to="/signup" className="btn-primary min-h-11">
              {t("home.cta")}
            </Link>
          )}
          <Link to="/members" className="btn-outline min-h-11">
            {t("home.browse")}
          </Link>
        </div>
      </section>
      <section className="bg-primary-soft">
        <div className="mx-auto grid max-w-6xl gap-6 px-4 py-10 md:grid-cols-2">
          <p className="max-w-prose text-lg">{t("home.intro")}</p>
          <ul className="grid content-center gap-3 text-sm sm:text-base">
            {(["one", "two", "three"] as const).map((step, i) => (
              <li key={step} className="card flex items-start gap-3 p-4">
                <span className="flex size-8 shrink-0 items-center justify-center rounded-full bg-primary font-bold text-white">
                  {i + 1}
                </span>
                <span>
                  <strong className="block">{t(`home.steps.${step}.title`)}</strong>
                  {t(`home.steps.${step}.text`)}
                </span>
              </li>
            ))}
          </ul>
        </div>
      </section>
    </>
  );
}
