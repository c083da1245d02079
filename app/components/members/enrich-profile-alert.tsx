// The banners that ask for what makes a profile inviting: first a photo (a
// profile without one gets few replies), then, as a banner of its own, an
// about text or interests. Each waits its turn in the banner slot and is
// dismissed on its own, for as long as banner.tsx says.
import { useTranslation } from "react-i18next";
import { Banner, useBannerDismissal } from "#app/components/layout/banner.tsx";

type Missing = ("photo" | "about" | "interests")[];

export function AddPhotoAlert({ missing }: { missing: Missing }) {
  const { t } = useTranslation();
  const [dismissed, dismiss] = useBannerDismissal("add-photo");
  if (dismissed || !missing.includes("photo")) return null;
  return (
    <Banner
      testId="enrich-profile-alert"
      text={t("banners.photo")}
      action={{ label: t("banners.photoAction"), to: "/profile" }}
      onDismiss={dismiss}
    />
  );
}

export function CompleteProfileAlert({ missing }: { missing: Missing }) {
  const { t } = useTranslation();
  const [dismissed, dismiss] = useBannerDismissal("complete-profile");
  const first = missing.find((what) => what !== "photo");
  if (dismissed || !first) return null;
  return (
    <Banner
      testId="complete-profile-alert"
      text={t(`banners.${first}`)}
      action={{ label: t("banners.profileAction"), to: "/profile" }}
      onDismiss={dismiss}
    />
  );
}
