// The site's own word on fictional profiles, shown plainly before a member
// signs up or pays (the ACM asks chat sites with fictional profiles to say so
// before any agreement, not with a badge alone): the domain's
// fictional_warning, or the product's own sentence where a domain wrote none.
import { VenetianMask } from "lucide-react";
import { useTranslation } from "react-i18next";
import { useSiteChrome } from "#app/components/layout/use-site-chrome.ts";

export function FictionalDisclosure({ className = "" }: { className?: string }) {
  const { t } = useTranslation("members");
  const site = useSiteChrome()?.site;
  const warning = site?.fictionalWarning || t("fictionalDisclosure");
  return (
    <p
      className={`flex items-start gap-2 rounded-lg border border-line bg-secondary-soft p-3 text-sm ${className}`}
      data-testid="fictional-disclosure"
    >
      <VenetianMask className="mt-0.5 size-4 shrink-0 text-secondary" aria-hidden="true" />
      <span>{warning}</span>
    </p>
  );
}
