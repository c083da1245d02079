// /landers/transitionsvideolanding/{slug?}: a full-screen hero in
// which photos of real members of the niche cross-fade like a video. There are
// no video files: CSS animations only, paused on request and still when the
// visitor prefers reduced motion.
import { Pause, Play } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { landerHandle, landerMeta } from "#app/components/landers/lander-meta.ts";
import { MemberPhoto, NoMembers, SignupCta } from "#app/components/landers/parts.tsx";
import { FictionalBadge } from "#app/components/members/fictional-badge.tsx";
import { landerPage } from "#app/routing/landers.server.ts";
import type { Route } from "./+types/landers-transitionsvideolanding";

export const handle = landerHandle("transitionsvideolanding");

export const loader = ({ context, request, params }: Route.LoaderArgs) =>
  landerPage(context, request, { lander: "transitionsvideolanding", slug: params.slug, count: 5 });

export const meta = (args: Route.MetaArgs) => landerMeta(args);

// Five photos, five seconds each (the keyframes in app.css assume five).
const SLIDE_SECONDS = 5;

export default function TransitionsLander({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("content");
  const [paused, setPaused] = useState(false);
  const slides = loaderData.members.slice(0, 5);
  return (
    <div>
      <section className="relative isolate flex min-h-[80dvh] items-end overflow-hidden bg-ink text-white sm:items-center">
        {slides.length === 0 && <NoMembers />}
        {slides.map((member, i) => (
          <div
            key={member.id}
            className={`absolute inset-0 -z-10 ${i === 0 ? "opacity-100" : "opacity-0"} motion-safe:animate-[lander-crossfade_25s_linear_infinite] motion-safe:[animation-fill-mode:backwards]`}
            style={{
              animationDelay: `${i * SLIDE_SECONDS - 1}s`,
              animationPlayState: paused ? "paused" : "running",
            }}
          >
            <MemberPhoto member={member} className="size-full" priority={i === 0} size={900} />
          </div>
        ))}
        <div className="absolute inset-0 -z-10 bg-gradient-to-t from-black/85 via-black/40 to-black/20" />
        <div className="mx-auto w-full max-w-6xl px-4 py-10">
          <h1 className="max-w-2xl text-4xl font-black leading-tight tracking-tight sm:text-6xl">
            {t("landers.transitionsvideolanding.title", { audience: loaderData.audience })}
          </h1>
          <p className="mt-4 max-w-xl text-lg text-white/90">{t("landers.transitionsvideolanding.intro")}</p>
          <div className="mt-8 flex flex-wrap items-center gap-3">
            <SignupCta className="btn bg-white px-8 text-base text-primary hover:bg-primary-soft" />
            <button
              type="button"
              onClick={() => setPaused((p) => !p)}
              className="btn min-h-11 border border-white/50 px-4 text-white hover:bg-white/10"
              aria-pressed={paused}
            >
              {paused ? (
                <Play className="size-4" aria-hidden="true" />
              ) : (
                <Pause className="size-4" aria-hidden="true" />
              )}
              {paused ? t("lander.play") : t("lander.pause")}
            </button>
          </div>
          <ul className="mt-8 flex flex-wrap gap-2 text-sm" aria-label={t("landers.transitionsvideolanding.inFilm")}>
            {slides.map((member) => (
              <li key={member.id} className="rounded-full bg-white/15 px-3 py-1 backdrop-blur">
                {member.name}, {member.age}
                {member.fictional && <FictionalBadge className="ml-1" />}
              </li>
            ))}
          </ul>
          <p className="mt-3 text-xs text-white/75">{t("lander.noVideo")}</p>
        </div>
      </section>
      <section className="mx-auto grid max-w-5xl gap-4 px-4 py-12 sm:grid-cols-3">
        {(["one", "two", "three"] as const).map((step, i) => (
          <div key={step} className="card p-5">
            <p className="flex size-9 items-center justify-center rounded-full bg-primary font-black text-white">
              {i + 1}
            </p>
            <h2 className="mt-3 font-bold">{t(`lander.steps.${step}.title`)}</h2>
            <p className="mt-1 text-sm text-muted">{t(`lander.steps.${step}.text`)}</p>
          </div>
        ))}
      </section>
    </div>
  );
}
