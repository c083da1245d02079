// /landers/collagelanding/{slug?}: a photo mosaic of real members of
// the niche behind a frosted card with the invitation to sign up.
import { useTranslation } from "react-i18next";
import { landerHandle, landerMeta } from "#app/components/landers/lander-meta.ts";
import { MemberPhoto, NoMembers, SignupCta } from "#app/components/landers/parts.tsx";
import { FictionalBadge } from "#app/components/members/fictional-badge.tsx";
import { landerPage } from "#app/routing/landers.server.ts";
import type { Route } from "./+types/landers-collagelanding";

export const handle = landerHandle("collagelanding");

export const loader = ({ context, request, params }: Route.LoaderArgs) =>
  landerPage(context, request, { lander: "collagelanding", slug: params.slug, count: 15 });

export const meta = (args: Route.MetaArgs) => landerMeta(args);

// Tiles that span two rows and columns, by position: the mosaic's rhythm.
const big = new Set([0, 7, 11]);

export default function CollageLander({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("content");
  const { members } = loaderData;
  return (
    <div className="bg-ink">
      <section className="relative overflow-hidden">
        {members.length === 0 ? (
          <div className="bg-card">
            <NoMembers />
          </div>
        ) : (
          <ul className="grid grid-flow-dense grid-cols-3 gap-1 sm:grid-cols-5 lg:grid-cols-6" aria-hidden="true">
            {members.map((member, i) => (
              <li key={member.id} className={big.has(i) ? "col-span-2 row-span-2" : ""}>
                <MemberPhoto
                  member={member}
                  className="aspect-square"
                  priority={i === 0}
                  size={big.has(i) ? 480 : 240}
                />
              </li>
            ))}
          </ul>
        )}
        <div className="absolute inset-0 bg-gradient-to-b from-ink/30 via-ink/50 to-ink/85" />
        <div className="absolute inset-0 flex items-center justify-center p-4">
          <div className="w-full max-w-lg rounded-3xl border border-white/20 bg-white/15 p-6 text-center text-white shadow-2xl backdrop-blur-md sm:p-10">
            <h1 className="text-3xl font-black tracking-tight sm:text-5xl">
              {t("landers.collagelanding.title", { audience: loaderData.audience })}
            </h1>
            <p className="mt-3 text-white/90">{t("landers.collagelanding.intro", { name: loaderData.siteName })}</p>
            <div className="mt-6">
              <SignupCta className="btn bg-white px-8 text-base text-primary hover:bg-primary-soft" />
            </div>
            <p className="mt-3 text-sm text-white/85">{t("lander.free")}</p>
          </div>
        </div>
      </section>
      <section className="bg-card px-4 py-10" aria-labelledby="collage-names">
        <h2 id="collage-names" className="text-center text-xl font-bold">
          {t("landers.collagelanding.whoTitle")}
        </h2>
        <ul className="mx-auto mt-4 flex max-w-4xl flex-wrap justify-center gap-2">
          {members.map((member) => (
            <li key={member.id} className="rounded-full bg-secondary-soft px-3 py-1 text-sm">
              {member.name}, {member.age}
              {member.fictional && <FictionalBadge className="ml-1 align-middle" />}
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
