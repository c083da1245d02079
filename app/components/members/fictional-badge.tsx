// Disclosure of a fictional profile (wherever one appears), in the
// domain's own words (fictional_singular) and icon (fictional_icon), with the
// full warning as its title.
import { VenetianMask } from "lucide-react";
import { useTranslation } from "react-i18next";
import { InterestIcon } from "#app/components/interests/interest-icon.tsx";
import { useSiteChrome } from "#app/components/layout/use-site-chrome.ts";

export function FictionalBadge({ className = "" }: { className?: string }) {
  const chrome = useSiteChrome();
  const { t } = useTranslation("members");
  const label = chrome?.site.fictionalSingular || t("fictional");
  const icon = chrome?.site.fictionalIcon;
  return (
    <span
      className={`inline-flex items-center gap-1 rounded-full bg-ink/85 px-2 py-0.5 text-xs font-semibold text-white ${className}`}
      title={chrome?.site.fictionalWarning}
      data-testid="fictional-badge"
      data-icon={icon || undefined}
    >
      {icon ? (
        <InterestIcon icon={icon} className="size-3.5" />
      ) : (
        <VenetianMask className="size-3.5" aria-hidden="true" />
      )}
      {label}
    </span>
  );
}
