// The enrich-profile alert: asks for a photo, an about text or
// interests until the profile has them; once dismissed it is stored with a
// timestamp and not shown again.
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";

const KEY = "dismissed:enrich-profile";

export function EnrichProfileAlert({ missing }: { missing: ("photo" | "about" | "interests")[] }) {
  const { t } = useTranslation("profile");
  // Hidden until the browser says it was not dismissed (no flash on return visits).
  const [dismissed, setDismissed] = useState(true);
  useEffect(() => setDismissed(localStorage.getItem(KEY) !== null), []);
  if (dismissed || missing.length === 0) return null;
  return (
    <div
      className="border-b border-line bg-secondary-soft"
      role="status"
      data-testid="enrich-profile-alert"
      data-banner
    >
      <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-3 px-4 py-3 text-sm">
        <p className="flex-1">{t(`enrich.${missing[0]}`)}</p>
        <Link to="/profile" className="btn-primary min-h-9">
          {t("enrich.action")}
        </Link>
        <button
          type="button"
          className="btn-ghost min-h-9"
          onClick={() => {
            localStorage.setItem(KEY, String(Date.now()));
            setDismissed(true);
          }}
        >
          {t("enrich.dismiss")}
        </button>
      </div>
    </div>
  );
}
