// Disclaimer under every page: adults only, and the domain's
// disclosure of fictional profiles (ACM: clear, not a badge alone).
import { useTranslation } from "react-i18next";
import type { SiteChrome } from "#app/server/site/chrome.ts";

export function Disclaimer({ chrome }: { chrome: SiteChrome }) {
  const { t } = useTranslation();
  return (
    <aside
      aria-label={t("disclaimer.label")}
      data-testid="disclaimer"
      className="bg-ink px-4 py-6 text-center text-xs leading-relaxed text-white/80"
    >
      <p className="mx-auto max-w-3xl">
        {t("disclaimer.adults", { name: chrome.site.name, age: chrome.site.minimumAge })}
      </p>
      {chrome.site.fictionalWarning && (
        <p className="mx-auto mt-2 max-w-3xl">
          {chrome.site.fictionalPlural && <strong className="capitalize">{chrome.site.fictionalPlural}: </strong>}
          {chrome.site.fictionalWarning}
        </p>
      )}
      <p className="mt-2">
        © {chrome.year} {chrome.company?.name ?? chrome.site.name}
      </p>
    </aside>
  );
}
