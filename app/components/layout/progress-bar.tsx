// Page-load progress bar: appears only when a navigation takes
// longer than 200 ms, then grows over 5 s until the page arrives.
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigation } from "react-router";

const THROTTLE_MS = 200;
const DURATION_MS = 5_000;

export function ProgressBar() {
  const { t } = useTranslation();
  const busy = useNavigation().state !== "idle";
  const [visible, setVisible] = useState(false);

  useEffect(() => {
    if (!busy) {
      setVisible(false);
      return;
    }
    const timer = setTimeout(() => setVisible(true), THROTTLE_MS);
    return () => clearTimeout(timer);
  }, [busy]);

  if (!visible) return null;
  return (
    <div
      role="progressbar"
      aria-label={t("progress.loading")}
      className="fixed inset-x-0 top-0 z-50 h-1 origin-left bg-unread"
      style={{ animation: `page-progress ${DURATION_MS}ms cubic-bezier(0.1, 0.7, 0.3, 1) forwards` }}
      data-testid="page-progress"
    />
  );
}
