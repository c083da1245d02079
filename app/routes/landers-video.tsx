// /landers/video/{slug?}: a video-chat styled story viewer: each real
// member of the niche fills the screen for a few seconds with a slow zoom and
// a progress bar, then the next. No video files and no live stream (the page
// says so); it can be paused, and tapping the sides steps through.
import { ChevronLeft, ChevronRight, MessageCircle, Pause, Play } from "lucide-react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { landerHandle, landerMeta } from "#app/components/landers/lander-meta.ts";
import { MemberPhoto, NoMembers, nameLine, OnlineDot, SignupCta } from "#app/components/landers/parts.tsx";
import { landerPage } from "#app/routing/landers.server.ts";
import type { Route } from "./+types/landers-video";

export const handle = landerHandle("video");

export const loader = ({ context, request, params }: Route.LoaderArgs) =>
  landerPage(context, request, { lander: "video", slug: params.slug, count: 6 });

export const meta = (args: Route.MetaArgs) => landerMeta(args);

const STORY_MS = 6000;

export default function VideoLander({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("content");
  const { members } = loaderData;
  const [at, setAt] = useState(0);
  const [paused, setPaused] = useState(false);
  const current = members[at];

  // biome-ignore lint/correctness/useExhaustiveDependencies: `at` restarts the story timer after every step.
  useEffect(() => {
    if (paused || members.length < 2) return;
    const timer = window.setTimeout(() => setAt((n) => (n + 1) % members.length), STORY_MS);
    return () => window.clearTimeout(timer);
  }, [at, paused, members.length]);

  const step = (by: number) => setAt((n) => (n + by + members.length) % members.length);

  return (
    <div className="bg-[#111] px-3 py-6 text-white sm:py-10">
      <div className="mx-auto grid max-w-5xl items-center gap-8 md:grid-cols-[minmax(0,22rem)_1fr]">
        <section
          className="relative mx-auto aspect-[9/16] w-full max-w-[22rem] overflow-hidden rounded-[2rem] bg-black shadow-2xl ring-1 ring-white/10"
          aria-roledescription={t("landers.video.viewer")}
          aria-label={current ? nameLine(current) : t("landers.video.viewer")}
        >
          {!current && <NoMembers />}
          {current && (
            <div
              key={current.id}
              className="absolute inset-0 motion-safe:animate-[lander-zoom_6s_ease-out_both]"
              data-bleed
              style={{ animationPlayState: paused ? "paused" : "running" }}
            >
              <MemberPhoto member={current} className="size-full" priority={at === 0} size={720} />
            </div>
          )}
          <div className="absolute inset-x-3 top-3 flex gap-1" aria-hidden="true">
            {members.map((member, i) => (
              <span key={member.id} className="h-1 flex-1 overflow-hidden rounded-full bg-white/30">
                <span
                  key={i === at ? `${member.id}-${at}` : member.id}
                  className={`block h-full origin-left bg-white ${i < at ? "" : i === at ? "motion-safe:animate-[lander-progress_6s_linear_both]" : "scale-x-0"}`}
                  style={{ animationPlayState: paused ? "paused" : "running" }}
                />
              </span>
            ))}
          </div>
          <button
            type="button"
            className="absolute inset-y-0 left-0 flex w-1/3 items-center"
            onClick={() => step(-1)}
            aria-label={t("landers.video.previous")}
          >
            <ChevronLeft className="ml-1 size-6 opacity-70" aria-hidden="true" />
          </button>
          <button
            type="button"
            className="absolute inset-y-0 right-0 flex w-1/3 items-center justify-end"
            onClick={() => step(1)}
            aria-label={t("landers.video.next")}
          >
            <ChevronRight className="mr-1 size-6 opacity-70" aria-hidden="true" />
          </button>
          {current && (
            <div className="pointer-events-none absolute inset-x-0 bottom-0 bg-gradient-to-t from-black/90 to-transparent p-4 pt-20">
              <p className="text-xl font-black">{nameLine(current)}</p>
              <OnlineDot online={current.online} className="mt-1" />
              <div className="pointer-events-auto mt-3 flex items-center gap-2">
                <SignupCta className="btn-primary flex-1" testId="lander-cta-story">
                  <MessageCircle className="size-4" aria-hidden="true" />
                  {t("landers.video.chat", { name: current.name })}
                </SignupCta>
                <button
                  type="button"
                  onClick={() => setPaused((p) => !p)}
                  className="flex size-11 items-center justify-center rounded-full bg-white/15"
                  aria-pressed={paused}
                  aria-label={paused ? t("lander.play") : t("lander.pause")}
                >
                  {paused ? (
                    <Play className="size-5" aria-hidden="true" />
                  ) : (
                    <Pause className="size-5" aria-hidden="true" />
                  )}
                </button>
              </div>
            </div>
          )}
        </section>
        <div className="text-center md:text-left">
          <h1 className="text-3xl font-black tracking-tight sm:text-5xl">
            {t("landers.video.title", { audience: loaderData.audience })}
          </h1>
          <p className="mt-4 text-lg text-white/85">{t("landers.video.intro")}</p>
          <div className="mt-8">
            <SignupCta className="btn bg-white px-8 text-base text-ink hover:bg-primary-soft" />
          </div>
          <p className="mt-4 text-xs text-white/70">{t("lander.noVideo")}</p>
        </div>
      </div>
    </div>
  );
}
