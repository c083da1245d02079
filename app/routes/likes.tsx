// /likes and /likes/{type}, the likes overview: likes received (new ones
// marked until the profile is opened), given, and matches.
import { useTranslation } from "react-i18next";
import { data, Link, NavLink } from "react-router";
import { MemberGrid } from "#app/components/members/member-card.tsx";
import { countryName } from "#app/i18n/format.ts";
import { getI18n } from "#app/i18n/i18next.server.ts";
import { useLocale } from "#app/i18n/use-locale.ts";
import { requireMember } from "#app/routing/guards.server.ts";
import { type LikeType, likesOverview, likeTypes } from "#app/server/likes/likes.ts";
import type { Route } from "./+types/likes";

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const { app, member } = requireMember(context, request);
  const t = getI18n(context).t;
  const type = (params.type ?? "received") as LikeType;
  if (!likeTypes.includes(type)) throw data({ message: t("errors:notFound") }, { status: 404 });
  return { type, types: likeTypes, members: await likesOverview(app, member.id, type), title: t(`likes:tabs.${type}`) };
}

export const meta = ({ loaderData }: Route.MetaArgs) => [{ title: loaderData?.title }];

export default function Likes({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("likes");
  const locale = useLocale();
  const { type, members } = loaderData;
  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <h1 className="mb-4 text-2xl font-bold">{t("title")}</h1>
      <nav aria-label={t("title")} className="mb-6 flex flex-wrap gap-2">
        {loaderData.types.map((tab) => (
          <NavLink
            key={tab}
            to={tab === "received" ? "/likes" : `/likes/${tab}`}
            end
            className="btn-outline min-w-0 aria-[current=page]:border-primary aria-[current=page]:bg-primary-soft aria-[current=page]:text-primary"
          >
            {t(`tabs.${tab}`)}
          </NavLink>
        ))}
      </nav>
      {members.length === 0 ? (
        <div className="card p-8 text-center">
          <p className="text-muted">{t(`empty.${type}`)}</p>
          <Link to="/swipe-game" className="btn-primary mt-4">
            {t("play")}
          </Link>
        </div>
      ) : (
        <MemberGrid
          members={members}
          countryName={(code) => countryName(code, locale)}
          hrefOf={(m) => `/likes/m/${m.id}`}
          isNew={(m) => m.likeNew}
        />
      )}
    </div>
  );
}
