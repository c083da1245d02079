// /match-finder: the members who suit the member best (shared interests, age,
// place), with a like button each; these likes count like the swipe game's.

import { Heart } from "lucide-react";
import { useTranslation } from "react-i18next";
import { data, Link, useFetcher } from "react-router";
import { ActionError } from "#app/components/forms/action-error.tsx";
import { InterestIcon } from "#app/components/interests/interest-icon.tsx";
import { FictionalBadge } from "#app/components/members/fictional-badge.tsx";
import { getI18n } from "#app/i18n/i18next.server.ts";
import { withDomainMessage } from "#app/routing/forms.server.ts";
import { requireMember } from "#app/routing/guards.server.ts";
import { swipeActionSchema } from "#app/schemas/swipe.ts";
import { likeMember, swipeAllowance } from "#app/server/likes/likes.ts";
import { rankedCandidates } from "#app/server/likes/swipe.ts";
import type { Route } from "./+types/match-finder";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { app, member } = requireMember(context, request);
  const [matches, allowance] = await Promise.all([rankedCandidates(app, member, 24), swipeAllowance(app, member)]);
  return { matches, left: allowance.left, title: getI18n(context).t("swipe:finder.title") };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { app, member } = requireMember(context, request);
  const t = getI18n(context).t;
  const parsed = swipeActionSchema.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success || parsed.data.intent !== "like") {
    return data({ message: t("errors:invalidInput"), code: "invalid_input" }, { status: 400 });
  }
  const { target } = parsed.data;
  return withDomainMessage(t, async () => ({ target, ...(await likeMember(app, member, target, "swipe")) }), {});
}

export const meta = ({ loaderData }: Route.MetaArgs) => [{ title: loaderData?.title }];

export default function MatchFinder({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("swipe");
  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <ActionError actionData={actionData} className="mb-4" />
      <h1 className="text-2xl font-bold">{t("finder.title")}</h1>
      <p className="mt-1 mb-6 text-muted">{t("finder.intro", { count: loaderData.left })}</p>
      {loaderData.matches.length === 0 ? (
        <p className="card p-8 text-center text-muted">{t("empty")}</p>
      ) : (
        <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {loaderData.matches.map((m) => (
            <MatchCard key={m.id} match={m} />
          ))}
        </ul>
      )}
    </div>
  );
}

function MatchCard({ match }: { match: Route.ComponentProps["loaderData"]["matches"][number] }) {
  const { t } = useTranslation("swipe");
  const fetcher = useFetcher<{ liked?: boolean; match?: boolean; message?: string }>();
  const liked = fetcher.data?.liked || fetcher.state !== "idle";
  return (
    <li className="card flex gap-3 overflow-hidden p-3">
      <Link
        to={`/members/${match.id}`}
        className="relative size-24 shrink-0 overflow-hidden rounded-xl bg-secondary-soft"
      >
        {/* The link's name, with or without a photo (the badge's text follows it). */}
        <span className="sr-only">{t("members:photoOf", { name: match.name })}</span>
        {match.photo && (
          <img src={match.photo} alt="" className="size-full object-cover" width={96} height={96} loading="lazy" />
        )}
        {match.fictional && <FictionalBadge className="absolute bottom-1 left-1 scale-90" />}
      </Link>
      <div className="min-w-0 flex-1">
        <p className="truncate font-semibold">
          <Link to={`/members/${match.id}`} className="hover:underline">
            {match.name}, {match.age}
          </Link>
        </p>
        <p className="truncate text-sm text-muted">{match.region}</p>
        <ul className="mt-1 flex flex-wrap gap-1" aria-label={t("shared")}>
          {match.shared.slice(0, 4).map((i) => (
            <li
              key={i.slug}
              className="inline-flex items-center gap-1 rounded-full bg-secondary-soft px-2 py-0.5 text-xs"
            >
              <InterestIcon icon={i.icon} className="size-3" />
              {t(`interests:${i.slug}`)}
            </li>
          ))}
        </ul>
        {fetcher.data?.message && (
          <p className="mt-1 text-xs text-danger" role="alert">
            {fetcher.data.message}
          </p>
        )}
        {fetcher.data?.match && <p className="mt-1 text-xs font-semibold text-primary">{t("members:match.title")}</p>}
      </div>
      <fetcher.Form method="post" className="self-center">
        <input type="hidden" name="intent" value="like" />
        <input type="hidden" name="target" value={match.id} />
        <button
          type="submit"
          disabled={liked}
          className="flex size-11 items-center justify-center rounded-full bg-primary text-white disabled:bg-success"
          aria-label={liked ? t("liked", { name: match.name }) : t("likeName", { name: match.name })}
        >
          <Heart className="size-5" fill={liked ? "currentColor" : "none"} aria-hidden="true" />
        </button>
      </fetcher.Form>
    </li>
  );
}
