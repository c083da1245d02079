// The banners about notifications, for members: e-mail notifications that a
// bounce, spam complaint or list-unsubscribe switched off (first of all
// banners: the member is missing messages), and push on this device (while it
// can and has not been asked). Each is dismissed for as long as banner.tsx says.
import { useTranslation } from "react-i18next";
import { usePush } from "#app/components/runtime/use-push.ts";
import { Banner, useBannerDismissal } from "./banner.tsx";

export function PushAlert() {
  const { t } = useTranslation();
  const [dismissed, dismiss] = useBannerDismissal("push");
  const push = usePush();
  if (dismissed || !push.state?.capable || push.state.status !== "unknown") return null;
  return (
    <Banner
      testId="push-alert"
      text={t("banners.push")}
      action={{ label: t("banners.pushAction"), onClick: push.enable, busy: push.busy }}
      onDismiss={dismiss}
    />
  );
}

export function EmailDisabledAlert({ reason }: { reason: string | null }) {
  const { t } = useTranslation();
  const [dismissed, dismiss] = useBannerDismissal("email-disabled", reason ?? undefined);
  if (dismissed || reason === null) return null;
  return (
    <Banner
      testId="notifications-disabled-alert"
      tone="urgent"
      text={t(`banners.emailDisabled.${reason}`)}
      action={{ label: t("banners.emailDisabled.action"), to: "/notifications" }}
      onDismiss={dismiss}
    />
  );
}
