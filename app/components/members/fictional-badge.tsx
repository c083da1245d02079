// Disclosure of a fictional profile (wherever one appears), in the
// domain's own words (fictional_singular) and icon (fictional_icon), with the
// full warning as its title. The settings' default icon (theater) comes
// with the badge; the other interest icons are many, so the browser fetches
// them only on a domain that picked one of them.
import { Theater, VenetianMask } from "lucide-react";
import { useTranslation } from "react-i18next";
import { useSiteChrome } from "#app/components/layout/use-site-chrome.ts";
import { loadLater } from "#app/components/runtime/load-later.tsx";

const InterestIcon = loadLater(async () => (await import("#app/components/interests/interest-icon.tsx")).InterestIcon);

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
      {icon === "Theater" ? (
        <Theater className="size-3.5" aria-hidden="true" focusable="false" />
      ) : icon ? (
        <InterestIcon icon={icon} className="size-3.5" />
      ) : (
        <VenetianMask className="size-3.5" aria-hidden="true" />
      )}
      {label}
    </span>
  );
}
