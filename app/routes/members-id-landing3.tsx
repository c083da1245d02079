// /members/{id}/landing3/{slug?} (a landing variant): a chat-window
// design: the member's own profile text as their introduction (never a
// message they did not write to the visitor), and signup with a first message.
import { Lock } from "lucide-react";
import { useTranslation } from "react-i18next";
import { WriteToMember } from "#app/components/accounts/write-to-member.tsx";
import { landerHandle, landerMeta } from "#app/components/landers/lander-meta.ts";
import { MemberPhoto } from "#app/components/landers/parts.tsx";
import { FictionalBadge } from "#app/components/members/fictional-badge.tsx";
import { requestContext } from "#app/context.ts";
import { memberLanderPage } from "#app/routing/landers.server.ts";
import { signupLimits } from "#app/server/accounts/signup-limits.ts";
import type { Route } from "./+types/members-id-landing3";

export const handle = landerHandle("landing3");

export async function loader({ context, request, params }: Route.LoaderArgs) {
  const page = await memberLanderPage(context, request, { variant: "landing3", id: params.id, slug: params.slug });
  return { ...page, ...signupLimits(context.get(requestContext)) };
}

export const meta = (args: Route.MetaArgs) => landerMeta(args);

export default function MemberLanding3({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("content");
  const { member } = loaderData;
  return (
    <div className="bg-secondary-soft px-3 py-8 sm:py-12">
      <div className="mx-auto max-w-lg overflow-hidden rounded-[1.75rem] bg-card shadow-2xl ring-1 ring-line">
        <header className="flex items-center gap-3 bg-primary px-4 py-3 text-white">
          <MemberPhoto
            member={member}
            className="size-12 shrink-0 rounded-full ring-2 ring-white/70"
            priority
            size={48}
            badge={false}
          />
          <div className="min-w-0 flex-1">
            <h1 className="truncate text-lg font-bold">
              {member.name}, {member.age}
            </h1>
            <p className="truncate text-sm text-white/85">{member.region ?? ""}</p>
          </div>
          {member.fictional && <FictionalBadge />}
        </header>
        <div className="space-y-3 bg-[repeating-linear-gradient(45deg,transparent_0_12px,rgb(0_0_0/0.02)_12px_24px)] p-4">
          <p className="text-center text-xs font-semibold text-muted uppercase">
            {t("landers.landing3.aboutLabel", { name: member.name })}
          </p>
          <div className="max-w-[85%] rounded-2xl rounded-tl-sm bg-secondary-soft p-3 text-[0.95rem] leading-relaxed shadow-sm">
            {member.about || t("landers.landing3.noAbout", { name: member.name })}
          </div>
          <p className="flex items-center justify-center gap-1.5 text-xs text-muted">
            <Lock className="size-3.5" aria-hidden="true" />
            {t("landers.landing3.private")}
          </p>
        </div>
        <WriteToMember
          memberId={member.id}
          limits={loaderData}
          className="border-t border-line p-5"
          titleId="reply-title"
          title={t("landers.landing3.replyTitle", { name: member.name })}
          intro={t("landers.landing3.replyIntro")}
        />
      </div>
    </div>
  );
}
