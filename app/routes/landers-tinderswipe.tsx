// /landers/tinderswipe: a swipe stack of real members of the domain's
// niche. Visitors decide with the buttons (or arrow keys); their choices stay
// in the page: liking for real needs an account, which is where it leads.
import { Heart, RotateCcw, X } from "lucide-react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { landerHandle, landerMeta } from "#app/components/landers/lander-meta.ts";
import { MemberPhoto, NoMembers, nameLine, OnlineDot, SignupCta } from "#app/components/landers/parts.tsx";
import { landerPage } from "#app/routing/landers.server.ts";
import type { Route } from "./+types/landers-tinderswipe";

export const handle = landerHandle("tinderswipe");

export const loader = ({ context, request }: Route.LoaderArgs) =>
  landerPage(context, request, { lander: "tinderswipe", count: 10 });

export const meta = (args: Route.MetaArgs) => landerMeta(args);

export default function TinderswipeLander({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("content");
  const { members } = loaderData;
  const [at, setAt] = useState(0);
  const [liked, setLiked] = useState(0);
  const [leaving, setLeaving] = useState<"left" | "right" | null>(null);
  const current = members[at];
  const done = at >= members.length || liked >= 3;

  const decide = (like: boolean) => {
    if (!current || leaving) return;
    setLeaving(like ? "right" : "left");
    window.setTimeout(() => {
      setLeaving(null);
      if (like) setLiked((n) => n + 1);
      setAt((n) => n + 1);
    }, 220);
  };

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "ArrowRight") decide(true);
      if (event.key === "ArrowLeft") decide(false);
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  });

  return (
    <div className="bg-gradient-to-b from-primary via-primary-strong to-secondary px-4 pt-8 pb-14 text-white">
      <div className="mx-auto max-w-md text-center">
        <h1 className="text-3xl font-black tracking-tight sm:text-4xl">
          {t("landers.tinderswipe.title", { audience: loaderData.audience })}
        </h1>
        <p className="mt-2 text-white/85">{t("landers.tinderswipe.intro")}</p>
      </div>
      <div className="relative mx-auto mt-6 aspect-[3/4] w-full max-w-sm">
        {members.length === 0 ? (
          <div className="card flex size-full items-center justify-center text-ink">
            <NoMembers />
          </div>
        ) : done ? (
          <div
            className="card flex size-full flex-col items-center justify-center gap-4 p-8 text-center text-ink"
            role="status"
          >
            <Heart className="size-14 fill-primary text-primary motion-safe:animate-bounce" aria-hidden="true" />
            <p className="text-2xl font-black">{t("landers.tinderswipe.doneTitle")}</p>
            <p className="text-muted">{t("landers.tinderswipe.doneText")}</p>
            <SignupCta />
            <button
              type="button"
              className="btn-ghost min-h-10 text-sm"
              onClick={() => {
                setAt(0);
                setLiked(0);
              }}
            >
              <RotateCcw className="size-4" aria-hidden="true" />
              {t("landers.tinderswipe.again")}
            </button>
          </div>
        ) : (
          members.slice(at, at + 3).map((member, depth) => (
            <article
              key={member.id}
              aria-hidden={depth > 0}
              className="absolute inset-0 overflow-hidden rounded-3xl bg-card text-ink shadow-2xl transition-all duration-200"
              style={{
                zIndex: 10 - depth,
                transform:
                  depth === 0 && leaving
                    ? `translateX(${leaving === "right" ? "" : "-"}120%) rotate(${leaving === "right" ? 18 : -18}deg)`
                    : `translateY(${depth * 10}px) scale(${1 - depth * 0.04})`,
              }}
              data-testid={depth === 0 ? "swipe-card" : undefined}
            >
              <MemberPhoto member={member} className="size-full" priority={at === 0 && depth === 0} size={420} />
              <div className="absolute inset-x-0 bottom-0 bg-gradient-to-t from-black/85 to-transparent p-5 pt-16 text-white">
                <h2 className="text-2xl font-black">{nameLine(member)}</h2>
                <OnlineDot online={member.online} className="mt-1" />
              </div>
            </article>
          ))
        )}
      </div>
      {!done && members.length > 0 && (
        <div className="mt-6 flex items-center justify-center gap-6">
          <button
            type="button"
            onClick={() => decide(false)}
            className="flex size-16 items-center justify-center rounded-full bg-white text-ink shadow-xl transition-transform hover:scale-105"
            aria-label={t("landers.tinderswipe.pass", { name: current?.name })}
          >
            <X className="size-8" aria-hidden="true" />
          </button>
          <button
            type="button"
            onClick={() => decide(true)}
            className="flex size-20 items-center justify-center rounded-full bg-white text-primary shadow-xl transition-transform hover:scale-105"
            aria-label={t("landers.tinderswipe.like", { name: current?.name })}
          >
            <Heart className="size-10 fill-current" aria-hidden="true" />
          </button>
        </div>
      )}
      <p className="mt-6 text-center text-sm text-white/80">{t("landers.tinderswipe.hint")}</p>
    </div>
  );
}
