// The back button of the installed app: an installed app has no
// browser toolbar, so profile, likes and credits pages offer a way back —
// only in standalone mode, only with somewhere to go back to.
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useLocation, useMatches, useNavigate } from "react-router";
import { useStandalone } from "#app/components/runtime/standalone.ts";

const BACK_BUTTON_ROUTES = new Set(["members-id", "likes-type", "likes-m-id", "credits", "credits-id-paymentmethod"]);

export function BackButton() {
  const { t } = useTranslation("notifications-push");
  const standalone = useStandalone();
  const matches = useMatches();
  const location = useLocation();
  const navigate = useNavigate();
  const [history, setHistory] = useState(1);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the history grows with each navigation
  useEffect(() => setHistory(window.history.length), [location.key]);
  if (!standalone || history <= 1 || !matches.some((m) => BACK_BUTTON_ROUTES.has(m.id))) return null;
  return (
    <button
      type="button"
      onClick={() => navigate(-1)}
      className="btn-ghost -ml-1 size-11 shrink-0 p-0"
      aria-label={t("nav.back")}
      data-testid="back-button"
    >
      <svg
        viewBox="0 0 24 24"
        width="24"
        height="24"
        aria-hidden="true"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
      >
        <path d="M15 5l-7 7 7 7" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
    </button>
  );
}
