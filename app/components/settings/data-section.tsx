// Settings, the member's own data: a copy to download, and what
// deleting the account removes.
import { Download } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Section } from "./section.tsx";

export function DataSection() {
  const { t } = useTranslation("safety");
  return (
    <Section id="your-data" title={t("data.title")}>
      <p className="text-sm text-muted">{t("data.intro")}</p>
      <a href="/account/export" download className="btn-outline mt-4" data-testid="data-export">
        <Download className="size-4" aria-hidden="true" /> {t("data.download")}
      </a>
      <p className="mt-4 text-sm text-muted">{t("data.erasure")}</p>
    </Section>
  );
}
