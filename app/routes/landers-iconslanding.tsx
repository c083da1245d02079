// /landers/iconslanding/{slug?}: "what are you into?" Visitors pick
// interests from the icons the niche's members share, and see who shares them.
import { Check } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { InterestIcon } from "#app/components/interests/interest-icon.tsx";
import { landerHandle, landerMeta } from "#app/components/landers/lander-meta.ts";
import { MemberPhoto, NoMembers, SignupCta } from "#app/components/landers/parts.tsx";
import { landerPage } from "#app/routing/landers.server.ts";
import { topInterests } from "#app/server/landers/landers.ts";
import type { Route } from "./+types/landers-iconslanding";

export const handle = landerHandle("iconslanding");

export async function loader({ context, request, params }: Route.LoaderArgs) {
  const page = await landerPage(context, request, { lander: "iconslanding", slug: params.slug, count: 30 });
  return { ...page, interests: topInterests(page.members, page.niche, 12) };
}

export const meta = (args: Route.MetaArgs) => landerMeta(args);

export default function IconsLander({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("content");
  const [picked, setPicked] = useState<string[]>([]);
  const { members, interests } = loaderData;
  const sharing = picked.length ? members.filter((m) => picked.some((p) => m.interests.includes(p))) : members;
  const shown = new Set(interests.map((i) => i.slug));
  const toggle = (slug: string) =>
    setPicked((list) => (list.includes(slug) ? list.filter((s) => s !== slug) : [...list, slug].slice(-3)));
  return (
    <div className="bg-gradient-to-b from-primary-soft to-surface">
      <section className="mx-auto max-w-4xl px-4 pt-10 pb-6 text-center">
        <h1 className="text-3xl font-black tracking-tight sm:text-5xl">{t("landers.iconslanding.title")}</h1>
        <p className="mx-auto mt-3 max-w-xl text-muted">
          {t("landers.iconslanding.intro", { audience: loaderData.audience })}
        </p>
        <ul className="mt-8 grid grid-cols-3 gap-3 sm:grid-cols-4 md:grid-cols-6">
          {interests.map((interest) => {
            const on = picked.includes(interest.slug);
            return (
              <li key={interest.slug}>
                <button
                  type="button"
                  aria-pressed={on}
                  onClick={() => toggle(interest.slug)}
                  className="relative flex aspect-square w-full flex-col items-center justify-center gap-2 rounded-2xl border-2 border-transparent bg-card p-1 text-xs font-semibold sm:p-2 sm:text-sm shadow-(--shadow-card) transition hover:-translate-y-0.5 aria-pressed:border-primary aria-pressed:text-primary"
                >
                  <InterestIcon icon={interest.icon} className="size-8" />
                  <span className="line-clamp-2 max-w-full hyphens-auto wrap-anywhere">
                    {t(`interests:${interest.slug}`)}
                  </span>
                  {on && <Check className="absolute top-2 right-2 size-4" aria-hidden="true" />}
                </button>
              </li>
            );
          })}
        </ul>
        <p className="mt-4 text-sm text-muted" aria-live="polite">
          {picked.length
            ? t("landers.iconslanding.matching", { count: sharing.length })
            : t("landers.iconslanding.pickHint")}
        </p>
      </section>
      <section className="mx-auto max-w-5xl px-4 pb-12" aria-label={t("landers.iconslanding.listLabel")}>
        {sharing.length === 0 ? (
          <NoMembers />
        ) : (
          <ul className="grid grid-cols-2 gap-3 sm:grid-cols-4">
            {sharing.slice(0, 8).map((member, i) => (
              <li key={member.id} className="card overflow-hidden">
                <MemberPhoto member={member} className="aspect-square" size={300} priority={i === 0} />
                <div className="p-3">
                  <p className="font-semibold">
                    {member.name}, {member.age}
                  </p>
                  <ul className="mt-1 flex flex-wrap gap-1" aria-label={t("landers.iconslanding.theirInterests")}>
                    {member.interests
                      .filter((slug) => shown.has(slug))
                      .slice(0, 4)
                      .map((slug) => (
                        <li
                          key={slug}
                          className={`rounded-full px-2 py-0.5 text-xs ${picked.includes(slug) ? "bg-primary text-white" : "bg-secondary-soft"}`}
                        >
                          {t(`interests:${slug}`)}
                        </li>
                      ))}
                  </ul>
                </div>
              </li>
            ))}
          </ul>
        )}
        <div className="mt-10 text-center">
          <SignupCta>{t("landers.iconslanding.cta")}</SignupCta>
        </div>
      </section>
    </div>
  );
}
