// One card of the settings page. The section carries the anchor (links such as
// /notifications#notifications land on it); its heading gets an id of its own,
// so no form or field in it can share one with the anchor.
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";

export function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  const headingId = `${id}-title`;
  return (
    <section id={id} className="card p-5 sm:p-6" aria-labelledby={headingId}>
      <h2 id={headingId} className="mb-4 text-lg font-bold">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** "Saved" beside a settings form's button, once the server has kept its change. */
export function SavedNote({ saved }: { saved: boolean | undefined }) {
  const { t } = useTranslation("settings");
  if (!saved) return null;
  return (
    <span className="text-sm text-success" role="status">
      {t("saved")}
    </span>
  );
}
