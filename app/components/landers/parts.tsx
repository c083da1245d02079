// Pieces every lander uses: the call to action into signup (modal on desktop,
// the signup page on a phone, tracking values carried along; none where this
// visitor may not sign up), a member's photo
// with the fictional-profile disclosure, and the honest "online" dot.
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useSignupEntry } from "#app/components/accounts/signup-modal.tsx";
import { useSignupsOpen } from "#app/components/accounts/signups-open.ts";
import { FictionalBadge } from "#app/components/members/fictional-badge.tsx";
import { useSignupHref } from "./tracking.tsx";

export function SignupCta({
  children,
  className = "btn-primary px-8 text-base",
  testId = "lander-cta",
}: {
  children?: ReactNode;
  className?: string;
  testId?: string;
}) {
  const { t } = useTranslation("content");
  const openSignup = useSignupEntry();
  const href = useSignupHref();
  const signupsOpen = useSignupsOpen();
  if (!signupsOpen) return null;
  return (
    <Link to={href} className={className} onClick={(event) => openSignup?.(event)} data-testid={testId}>
      {children ?? t("lander.cta")}
    </Link>
  );
}

export interface PhotoMember {
  name: string;
  photo: string | null;
  fictional: boolean;
}

/** A member's photo filling its box; the first one on a lander loads with priority (it is the largest paint). */
export function MemberPhoto({
  member,
  className = "",
  priority = false,
  size = 480,
  badge = true,
}: {
  member: PhotoMember;
  className?: string;
  priority?: boolean;
  size?: number;
  badge?: boolean;
}) {
  const { t } = useTranslation("members");
  return (
    <div className={`relative overflow-hidden bg-secondary-soft ${className}`}>
      {member.photo && (
        <img
          src={member.photo}
          alt={t("photoOf", { name: member.name })}
          width={size}
          height={size}
          loading={priority ? "eager" : "lazy"}
          fetchPriority={priority ? "high" : "auto"}
          decoding={priority ? "sync" : "async"}
          className="size-full object-cover"
        />
      )}
      {badge && member.fictional && <FictionalBadge className="absolute left-2 top-2" />}
    </div>
  );
}

export function OnlineDot({ online, className = "" }: { online: boolean; className?: string }) {
  const { t } = useTranslation("content");
  return (
    <span className={`inline-flex items-center gap-1.5 text-xs font-medium ${className}`}>
      <span
        className={`size-2.5 rounded-full ${online ? "bg-success motion-safe:animate-pulse" : "bg-white/60 ring-1 ring-current"}`}
        aria-hidden="true"
      />
      {online ? t("lander.online") : t("lander.recently")}
    </span>
  );
}

/** "Anna, 34 · Utrecht" */
export function nameLine(member: { name: string; age: number; region?: string | null }) {
  return member.region ? `${member.name}, ${member.age} · ${member.region}` : `${member.name}, ${member.age}`;
}

export function NoMembers() {
  const { t } = useTranslation("content");
  return <p className="py-10 text-center text-muted">{t("lander.noMembers")}</p>;
}
