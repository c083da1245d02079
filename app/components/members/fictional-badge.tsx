// Disclosure of a fictional profile (wherever one appears), in the
// domain's own words (fictional_singular), with the full warning as its title.
import { VenetianMask } from "lucide-react";
import { useTranslation } from "react-i18next";
import { useSiteChrome } from "#app/components/layout/use-site-chrome.ts";

export function FictionalBadge({ className = "" }: { className?: string }) {
  const chrome = useSiteChrome();
  const { t } = useTranslation("members");
  const label = chrome?.site.fictionalSingular || t("fictional");
  return (
    <span
      className={`inline-flex items-center gap-1 rounded-full bg-ink/85 px-2 py-0.5 text-xs font-semibold text-white ${className}`}
      title={chrome?.site.fictionalWarning}
      data-testid="fictional-badge"
    >
      <VenetianMask className="size-3.5" aria-hidden="true" />
      {label}
    </span>
  );
}
