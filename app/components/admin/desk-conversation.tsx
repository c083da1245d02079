// The chat desk's conversation pieces: the messages as the room holds them
// (the member's on one side, the fictional profile's on the other, the site's
// own notices apart), and a profile's facts — the member's public profile, or
// the fictional profile's, which the operator must stay consistent with.
import { useTranslation } from "react-i18next";
import { formatDate } from "#app/i18n/format.ts";
import { useLocale } from "#app/i18n/use-locale.ts";

export interface DeskMessage {
  seq: number;
  fromMember: boolean;
  fromSite: boolean;
  kind: string;
  text: string | null;
  gift: string | null;
  createdAt: number;
}

export function DeskMessages({
  messages,
  member,
  profile,
}: {
  messages: DeskMessage[];
  member: string;
  profile: string;
}) {
  const { t } = useTranslation("admin");
  const locale = useLocale();
  if (messages.length === 0) return <p className="text-sm text-muted">{t("desk.historyEmpty")}</p>;
  return (
    <ol className="max-h-[32rem] space-y-2 overflow-y-auto" data-testid="desk-messages">
      {messages.map((m) => (
        <li
          key={m.seq}
          className={`max-w-[85%] rounded-lg p-2 text-sm ${
            m.fromSite ? "mx-auto bg-line text-center" : m.fromMember ? "bg-secondary-soft" : "ml-auto bg-primary-soft"
          }`}
        >
          <p className="text-xs text-muted">
            {m.fromSite ? t("desk.fromSite") : m.fromMember ? member : profile} ·{" "}
            {formatDate(m.createdAt, locale, { dateStyle: "short", timeStyle: "short" })}
          </p>
          <p className="whitespace-pre-line break-words">
            {m.kind === "gift"
              ? t("desk.gift", { gift: m.gift })
              : m.kind === "photo"
                ? t("desk.photoMessage")
                : m.text}
          </p>
        </li>
      ))}
    </ol>
  );
}

export interface DeskProfileFacts {
  name: string;
  age: number;
  place: string;
  about: string;
  photo: string | null;
  interests: string[];
}

export function DeskFacts({ heading, note, facts }: { heading: string; note?: string; facts: DeskProfileFacts }) {
  const { t } = useTranslation(["admin", "interests"]);
  return (
    <section className="card space-y-2 p-4" aria-label={heading}>
      <h2 className="font-bold">{heading}</h2>
      {note && <p className="text-xs text-muted">{note}</p>}
      <div className="flex items-center gap-3">
        {facts.photo && (
          <img
            src={facts.photo}
            alt={t("admin:desk.photoOf", { name: facts.name })}
            className="h-16 w-16 rounded-lg object-cover"
            loading="lazy"
          />
        )}
        <div>
          <p className="font-semibold">{facts.name}</p>
          <p className="text-sm">{t("admin:desk.age", { age: facts.age })}</p>
          {facts.place && (
            <p className="text-sm">
              {t("admin:desk.region")}: {facts.place}
            </p>
          )}
        </div>
      </div>
      <div>
        <h3 className="text-xs font-semibold text-muted uppercase">{t("admin:desk.about")}</h3>
        <p className="text-sm whitespace-pre-line">{facts.about || t("admin:desk.noAbout")}</p>
      </div>
      {facts.interests.length > 0 && (
        <div>
          <h3 className="text-xs font-semibold text-muted uppercase">{t("admin:desk.interests")}</h3>
          <p className="text-sm">{facts.interests.map((slug) => t(`interests:${slug}`)).join(" · ")}</p>
        </div>
      )}
    </section>
  );
}
