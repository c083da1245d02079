// /landers/alonetonight/{slug?}: a night-sky lander. Who is online
// now is shown as it is (the same ten-minute rule as search), everyone else as
// recently active; the members are real ones of the niche.
import { Moon, Sparkles } from "lucide-react";
import { useTranslation } from "react-i18next";
import { landerHandle, landerMeta } from "#app/components/landers/lander-meta.ts";
import { MemberPhoto, NoMembers, OnlineDot, SignupCta } from "#app/components/landers/parts.tsx";
import { FictionalBadge } from "#app/components/members/fictional-badge.tsx";
import { landerPage } from "#app/routing/landers.server.ts";
import type { Route } from "./+types/landers-alonetonight";

export const handle = landerHandle("alonetonight");

export const loader = ({ context, request, params }: Route.LoaderArgs) =>
  landerPage(context, request, { lander: "alonetonight", slug: params.slug, count: 14 });

export const meta = (args: Route.MetaArgs) => landerMeta(args);

const sky =
  "radial-gradient(1px 1px at 20% 30%, #fff8, transparent), radial-gradient(1px 1px at 70% 20%, #fff9, transparent), radial-gradient(1.5px 1.5px at 40% 70%, #fff7, transparent), radial-gradient(1px 1px at 85% 60%, #fff8, transparent), radial-gradient(1px 1px at 10% 80%, #fff6, transparent), linear-gradient(180deg, #0b1026 0%, #1b1440 55%, #2a1035 100%)";

export default function AloneTonightLander({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("content");
  const { members } = loaderData;
  const online = members.filter((m) => m.online).length;
  const [first, ...rest] = members;
  return (
    <div className="text-white" style={{ background: sky }}>
      <section className="mx-auto grid max-w-6xl items-center gap-8 px-4 py-12 md:grid-cols-2 md:py-20">
        <div>
          <Moon className="size-12 text-amber-200" aria-hidden="true" />
          <h1 className="mt-4 text-4xl font-black leading-tight tracking-tight sm:text-6xl">
            {t("landers.alonetonight.title")}
          </h1>
          <p className="mt-4 max-w-prose text-lg text-white/85">
            {t("landers.alonetonight.intro", { audience: loaderData.audience })}
          </p>
          <p className="mt-4 inline-flex items-center gap-2 rounded-full bg-white/10 px-4 py-2 text-sm">
            <Sparkles className="size-4 text-amber-200" aria-hidden="true" />
            {online > 0 ? t("landers.alonetonight.onlineNow", { count: online }) : t("landers.alonetonight.evening")}
          </p>
          <div className="mt-8">
            <SignupCta className="btn bg-amber-300 px-8 text-base text-ink shadow-[0_0_40px_rgb(252_211_77/0.45)] hover:bg-amber-200" />
          </div>
        </div>
        {first && (
          <div className="relative mx-auto w-full max-w-sm">
            <MemberPhoto
              member={first}
              className="aspect-square rounded-[2rem] ring-4 ring-white/15"
              priority
              size={420}
            />
            <div className="absolute -bottom-5 left-1/2 w-max -translate-x-1/2 rounded-full bg-ink/90 px-5 py-2 text-center shadow-xl">
              <p className="font-bold">
                {first.name}, {first.age}
              </p>
              <OnlineDot online={first.online} />
            </div>
          </div>
        )}
      </section>
      <section className="mx-auto max-w-6xl px-4 pb-16" aria-labelledby="tonight-list">
        <h2 id="tonight-list" className="mb-4 text-xl font-bold">
          {t("landers.alonetonight.listTitle")}
        </h2>
        {members.length === 0 ? (
          <NoMembers />
        ) : (
          <ul className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-6">
            {rest.map((member) => (
              <li key={member.id} className="rounded-2xl bg-white/5 p-2 text-center ring-1 ring-white/10">
                <MemberPhoto member={member} className="aspect-square rounded-full" size={200} badge={false} />
                <p className="mt-2 truncate text-sm font-semibold">
                  {member.name}, {member.age}
                </p>
                <OnlineDot online={member.online} className="text-white/80" />
                {member.fictional && <FictionalBadge className="mt-1" />}
              </li>
            ))}
          </ul>
        )}
        <div className="mt-10 text-center">
          <SignupCta className="btn border border-white/40 px-8 text-base text-white hover:bg-white/10">
            {t("landers.alonetonight.cta")}
          </SignupCta>
        </div>
      </section>
    </div>
  );
}
