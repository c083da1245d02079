// /landers/socialnetwork/{slug?}: a social feed of real members of
// the niche: story rings on top, each member's own profile text as a post.
// Liking, replying and following lead into signup.
import { Heart, MessageCircle, UserPlus } from "lucide-react";
import { useTranslation } from "react-i18next";
import { landerHandle, landerMeta } from "#app/components/landers/lander-meta.ts";
import { MemberPhoto, NoMembers, OnlineDot, SignupCta } from "#app/components/landers/parts.tsx";
import { FictionalBadge } from "#app/components/members/fictional-badge.tsx";
import { landerPage } from "#app/routing/landers.server.ts";
import type { Route } from "./+types/landers-socialnetwork";

export const handle = landerHandle("socialnetwork");

export const loader = ({ context, request, params }: Route.LoaderArgs) =>
  landerPage(context, request, { lander: "socialnetwork", slug: params.slug, count: 12 });

export const meta = (args: Route.MetaArgs) => landerMeta(args);

export default function SocialLander({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("content");
  const { members } = loaderData;
  const posts = members.filter((m) => m.about).slice(0, 6);
  return (
    <div className="bg-[#f0f2f5]">
      <div className="mx-auto grid max-w-5xl gap-6 px-3 py-6 lg:grid-cols-[1fr_18rem]">
        <section className="min-w-0" aria-labelledby="feed-title">
          <h1 id="feed-title" className="px-1 text-2xl font-black tracking-tight sm:text-3xl">
            {t("landers.socialnetwork.title", { audience: loaderData.audience })}
          </h1>
          <ul
            className="mt-4 flex gap-3 overflow-x-auto pb-2"
            data-scroll-row
            aria-label={t("landers.socialnetwork.stories")}
          >
            {/* Story rings are too small for the disclosure: fictional profiles appear only as posts, with it. */}
            {members
              .filter((member) => !member.fictional)
              .map((member) => (
                <li key={member.id} className="w-18 shrink-0 text-center">
                  {/* Each story leads into signup; being links, they also let keyboard users scroll the row. */}
                  <SignupCta className="block rounded-lg" testId="lander-story">
                    <div className="rounded-full bg-gradient-to-tr from-amber-400 via-primary to-fuchsia-600 p-[3px]">
                      <MemberPhoto
                        member={member}
                        className="aspect-square rounded-full border-2 border-white"
                        size={72}
                        badge={false}
                      />
                    </div>
                    <p className="mt-1 truncate text-xs">{member.name}</p>
                  </SignupCta>
                </li>
              ))}
          </ul>
          {posts.length === 0 ? (
            <NoMembers />
          ) : (
            <ol className="mt-4 space-y-4">
              {posts.map((member, i) => (
                <li key={member.id}>
                  <article className="overflow-hidden rounded-2xl bg-card shadow-sm" aria-label={member.name}>
                    <header className="flex items-center gap-3 p-4">
                      <MemberPhoto member={member} className="size-11 shrink-0 rounded-full" size={44} badge={false} />
                      <div className="min-w-0 flex-1">
                        <p className="font-semibold">
                          {member.name}, {member.age}
                        </p>
                        <p className="text-xs text-muted">
                          {member.region ?? ""} · <OnlineDot online={member.online} />
                        </p>
                      </div>
                      {member.fictional && <FictionalBadge />}
                    </header>
                    <p className="px-4 pb-3 text-[0.95rem] leading-relaxed">{member.about}</p>
                    <MemberPhoto member={member} className="aspect-[4/3]" size={640} priority={i === 0} badge={false} />
                    <footer className="grid grid-cols-3 border-t border-line text-sm font-semibold text-muted">
                      <SignupCta
                        className="flex min-h-11 items-center justify-center gap-2 hover:bg-primary-soft hover:text-primary"
                        testId="lander-like"
                      >
                        <Heart className="size-4" aria-hidden="true" /> {t("landers.socialnetwork.like")}
                      </SignupCta>
                      <SignupCta
                        className="flex min-h-11 items-center justify-center gap-2 hover:bg-primary-soft hover:text-primary"
                        testId="lander-reply"
                      >
                        <MessageCircle className="size-4" aria-hidden="true" /> {t("landers.socialnetwork.reply")}
                      </SignupCta>
                      <SignupCta
                        className="flex min-h-11 items-center justify-center gap-2 hover:bg-primary-soft hover:text-primary"
                        testId="lander-follow"
                      >
                        <UserPlus className="size-4" aria-hidden="true" /> {t("landers.socialnetwork.follow")}
                      </SignupCta>
                    </footer>
                  </article>
                </li>
              ))}
            </ol>
          )}
        </section>
        <aside className="lg:sticky lg:top-4 lg:self-start">
          <div className="rounded-2xl bg-card p-5 text-center shadow-sm">
            <p className="text-lg font-black">{t("landers.socialnetwork.joinTitle", { name: loaderData.siteName })}</p>
            <p className="mt-1 text-sm text-muted">{t("landers.socialnetwork.joinText")}</p>
            <SignupCta className="btn-primary mt-4 w-full" />
          </div>
        </aside>
      </div>
    </div>
  );
}
