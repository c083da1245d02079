// Settings: push notifications on this device:
// the button subscribes this browser; the state says capable or not,
// subscribed, denied or unknown. Only members see it (the settings page is theirs).
import { useTranslation } from "react-i18next";
import { FormMessage } from "#app/components/forms/fields.tsx";
import { usePush } from "#app/components/runtime/use-push.ts";
import { Section } from "./section.tsx";

export function PushSection() {
  const { t } = useTranslation("notifications-push");
  const push = usePush();
  const state = push.state;
  return (
    <Section id="push" title={t("push.title")}>
      <div className="space-y-3 text-sm" data-testid="push-settings" data-push-state={state?.status ?? "loading"}>
        <p className="text-muted">{t("push.intro")}</p>
        {state && !state.capable && <FormMessage tone="info">{t("push.unsupported")}</FormMessage>}
        {state?.capable && state.status === "denied" && <FormMessage tone="info">{t("push.denied")}</FormMessage>}
        {state?.capable && state.status === "subscribed" && (
          <>
            <p role="status">{t("push.subscribed")}</p>
            <button type="button" className="btn-outline" disabled={push.busy} onClick={push.disable}>
              {t("push.disable")}
            </button>
          </>
        )}
        {state?.capable && state.status === "unknown" && (
          <button type="button" className="btn-primary" disabled={push.busy} onClick={push.enable}>
            {push.busy ? t("push.enabling") : t("push.enable")}
          </button>
        )}
        {push.failed && <FormMessage tone="danger">{t("push.failed")}</FormMessage>}
      </div>
    </Section>
  );
}
