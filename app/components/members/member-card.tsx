import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { MemberCard as MemberCardData } from "#app/server/members/search.ts";
import { FictionalBadge } from "./fictional-badge.tsx";

function MemberCard({
  member,
  countryName,
  href = `/members/${member.id}`,
  isNew = false,
}: {
  member: MemberCardData;
  countryName: string;
  href?: string;
  isNew?: boolean;
}) {
  const { t } = useTranslation("members");
  return (
    <li className="card group relative overflow-hidden">
      <Link to={href} className="block focus-visible:outline-offset-[-3px]">
        <div className="aspect-square bg-secondary-soft">
          {member.photo ? (
            <img
              src={member.photo}
              alt={t("photoOf", { name: member.name })}
              width={320}
              height={320}
              loading="lazy"
              decoding="async"
              className="size-full object-cover transition-transform duration-300 group-hover:scale-105"
            />
          ) : (
            <div
              className="flex size-full items-center justify-center text-4xl font-black text-secondary"
              aria-hidden="true"
            >
              {member.name.slice(0, 1)}
            </div>
          )}
        </div>
        <div className="p-3">
          <p className="flex items-center gap-1.5 font-semibold">
            {member.online && (
              <span className="size-2.5 shrink-0 rounded-full bg-success" role="img" aria-label={t("online")} />
            )}
            <span className="truncate" data-testid="member-name">
              {member.name}
            </span>
            <span className="text-muted">{member.age}</span>
          </p>
          <p className="truncate text-sm text-muted">
            {member.region ? `${member.region}, ${countryName}` : countryName}
          </p>
        </div>
      </Link>
      {member.fictional && <FictionalBadge className="absolute left-2 top-2" />}
      {isNew && (
        <span className="badge absolute right-2 top-2 bg-unread px-2 text-unread-ink" data-testid="new-like">
          {t("newLike")}
        </span>
      )}
    </li>
  );
}

export function MemberGrid<T extends MemberCardData>({
  members,
  countryName,
  hrefOf,
  isNew,
}: {
  members: T[];
  countryName: (code: string) => string;
  hrefOf?: (member: T) => string;
  isNew?: (member: T) => boolean;
}) {
  return (
    <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 md:gap-4 lg:grid-cols-4">
      {members.map((member) => (
        <MemberCard
          key={member.id}
          member={member}
          countryName={countryName(member.country)}
          href={hrefOf?.(member)}
          isNew={isNew?.(member)}
        />
      ))}
    </ul>
  );
}
