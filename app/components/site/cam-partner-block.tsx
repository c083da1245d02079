// The adult-cam partner block. It is an advertisement and says so: a label,
// and a link marked as sponsored that opens the partner's site in a new tab.
import { ExternalLink, Video } from "lucide-react";
import { useTranslation } from "react-i18next";

export function CamPartnerBlock({
  partner,
  className = "",
}: {
  partner: { name: string; url: string } | null;
  className?: string;
}) {
  const { t } = useTranslation("common");
  if (!partner) return null;
  return (
    <aside
      className={`card relative overflow-hidden border border-secondary/30 p-5 ${className}`}
      aria-labelledby="cam-partner-title"
      data-testid="cam-partner"
    >
      <p className="text-xs font-semibold uppercase tracking-wide text-muted">{t("camPartner.label")}</p>
      <h2 id="cam-partner-title" className="mt-1 flex items-center gap-2 text-lg font-bold">
        <Video className="size-5 text-secondary" aria-hidden="true" />
        {t("camPartner.title")}
      </h2>
      <p className="mt-1 text-sm">{t("camPartner.text", { partner: partner.name })}</p>
      <a href={partner.url} target="_blank" rel="sponsored noopener" className="btn-primary mt-4">
        {t("camPartner.button")}
        <ExternalLink className="size-4" aria-hidden="true" />
        <span className="sr-only">({t("camPartner.newTab")})</span>
      </a>
    </aside>
  );
}
