// The alerts about notifications, for members: enable push on this
// device (while it can and has not been asked), and e-mail notifications that
// a bounce, spam complaint or list-unsubscribe switched off. Each is dismissed
// with a timestamp and not shown again on this browser.
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useDismissal } from "#app/components/runtime/dismissal.ts";
import { usePush } from "#app/components/runtime/use-push.ts";

function Alert({ testId, text, children }: { testId: string; text: string; children: React.ReactNode }) {
  return (
    <div className="border-b border-line bg-secondary-soft" data-testid={testId} data-banner>
      <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-3 px-4 py-3 text-sm">
        <p className="flex-1">{text}</p>
        {children}
      </div>
    </div>
  );
}

export function PushAlert() {
  const { t } = useTranslation("notifications-push");
  const [dismissed, dismiss] = useDismissal("push-alert");
  const push = usePush();
  if (dismissed || !push.state?.capable || push.state.status !== "unknown") return null;
  return (
    <Alert testId="push-alert" text={t("alerts.push")}>
      <button type="button" className="btn-primary min-h-9" disabled={push.busy} onClick={push.enable}>
        {t("alerts.pushAction")}
      </button>
      <button type="button" className="btn-ghost min-h-9" onClick={dismiss}>
        {t("alerts.dismiss")}
      </button>
    </Alert>
  );
}

export function EmailDisabledAlert({ reason }: { reason: string | null }) {
  const { t } = useTranslation(["settings", "notifications-push"]);
  const [dismissed, dismiss] = useDismissal(`notifications-disabled:${reason}`);
  if (dismissed || reason === null) return null;
  return (
    <Alert testId="notifications-disabled-alert" text={t(`settings:notifications.disabled.${reason}`)}>
      <Link to="/notifications" className="btn-primary min-h-9">
        {t("notifications-push:alerts.settings")}
      </Link>
      <button type="button" className="btn-ghost min-h-9" onClick={dismiss}>
        {t("notifications-push:alerts.dismiss")}
      </button>
    </Alert>
  );
}
