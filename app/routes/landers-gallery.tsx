// /landers/gallery/{slug?}: a bright photo gallery of real members
// of the niche, with age filters that work in the browser; every heart leads
// into signup.
import { Heart } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { landerHandle, landerMeta } from "#app/components/landers/lander-meta.ts";
import { MemberPhoto, NoMembers, OnlineDot, SignupCta } from "#app/components/landers/parts.tsx";
import { landerPage } from "#app/routing/landers.server.ts";
import type { Route } from "./+types/landers-gallery";

export const handle = landerHandle("gallery");

export const loader = ({ context, request, params }: Route.LoaderArgs) =>
  landerPage(context, request, { lander: "gallery", slug: params.slug, count: 24 });

export const meta = (args: Route.MetaArgs) => landerMeta(args);

const ranges = [
  ["all", 18, 120],
  ["young", 18, 29],
  ["middle", 30, 44],
  ["mature", 45, 120],
] as const;

export default function GalleryLander({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("content");
  const [range, setRange] = useState<(typeof ranges)[number][0]>("all");
  const [, min, max] = ranges.find(([key]) => key === range)!;
  const shown = loaderData.members.filter((m) => m.age >= min && m.age <= max);
  return (
    <div className="bg-white">
      <section className="mx-auto max-w-6xl px-4 pt-8 pb-4 text-center sm:pt-12">
        <p className="text-sm font-semibold tracking-wide text-primary uppercase">{loaderData.siteName}</p>
        <h1 className="mt-2 text-3xl font-black tracking-tight sm:text-5xl">
          {t("landers.gallery.title", { audience: loaderData.audience })}
        </h1>
        <p className="mx-auto mt-3 max-w-2xl text-muted">{t("landers.gallery.intro")}</p>
        <fieldset className="mt-6 flex flex-wrap justify-center gap-2">
          <legend className="sr-only">{t("landers.gallery.filter")}</legend>
          {ranges.map(([key]) => (
            <button
              key={key}
              type="button"
              aria-pressed={range === key}
              onClick={() => setRange(key)}
              className="btn min-h-10 border border-line px-4 aria-pressed:border-primary aria-pressed:bg-primary aria-pressed:text-white"
            >
              {t(`landers.gallery.ages.${key}`)}
            </button>
          ))}
        </fieldset>
      </section>
      <section className="mx-auto max-w-6xl px-4 pb-12" aria-label={t("landers.gallery.listLabel")}>
        {shown.length === 0 ? (
          <NoMembers />
        ) : (
          <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
            {shown.map((member, i) => (
              <li key={member.id} className="group relative overflow-hidden rounded-2xl shadow-(--shadow-card)">
                <MemberPhoto member={member} className="aspect-[3/4]" priority={i === 0} size={360} />
                <div className="absolute inset-x-0 bottom-0 bg-gradient-to-t from-black/80 to-transparent p-3 pt-10 text-white">
                  <p className="font-bold">
                    {member.name}, {member.age}
                  </p>
                  <p className="truncate text-sm text-white/85">{member.region ?? ""}</p>
                  <OnlineDot online={member.online} className="mt-1" />
                </div>
                <SignupCta
                  className="absolute right-2 bottom-2 flex size-11 items-center justify-center rounded-full bg-white text-primary shadow-lg transition-transform hover:scale-110"
                  testId="lander-like"
                >
                  <Heart className="size-5" aria-hidden="true" />
                  <span className="sr-only">{t("lander.likeName", { name: member.name })}</span>
                </SignupCta>
              </li>
            ))}
          </ul>
        )}
        <div className="mt-10 text-center">
          <SignupCta />
          <p className="mt-2 text-sm text-muted">{t("lander.free")}</p>
        </div>
      </section>
    </div>
  );
}
