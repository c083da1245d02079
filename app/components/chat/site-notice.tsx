// A notice of the site in a conversation (the warning to a member who may be
// vulnerable that a staff member answers, not the person in the profile):
// centred and framed, under the site's own name, never in a profile's bubble.
import { ShieldAlert } from "lucide-react";
import { useTranslation } from "react-i18next";
import { useSiteChrome } from "#app/components/layout/use-site-chrome.ts";

export function SiteNotice({ text, time }: { text: string | null; time: React.ReactNode }) {
  const { t } = useTranslation("chat");
  const site = useSiteChrome()?.site.name ?? "";
  return (
    <aside
      className="my-3 flex max-w-[560px] gap-3 self-center rounded-xl border border-warning bg-white px-4 py-3 text-sm"
      aria-label={t("vulnerableWarning.label", { site })}
      data-testid="site-notice"
    >
      <ShieldAlert className="mt-0.5 size-5 shrink-0 text-warning" aria-hidden="true" />
      <div>
        <p className="font-semibold">{t("vulnerableWarning.label", { site })}</p>
        <p className="whitespace-pre-wrap break-words">{text}</p>
        <p className="mt-1 text-xs text-muted">{time}</p>
      </div>
    </aside>
  );
}
