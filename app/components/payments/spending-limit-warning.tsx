// The credits page's warning from 80 % of the monthly spending limit on:
// how much the member spent this month of their limit.
import { TriangleAlert } from "lucide-react";
import { useTranslation } from "react-i18next";

export function SpendingLimitWarning({ spent, limit, currency }: { spent: number; limit: number; currency: string }) {
  const { t } = useTranslation("payments");
  return (
    <p
      role="status"
      className="mt-4 flex items-center gap-2 rounded-xl border border-warning px-4 py-3 text-sm font-semibold text-warning"
      data-testid="spending-limit-warning"
    >
      <TriangleAlert className="size-5 shrink-0" aria-hidden="true" />
      {t("credits.limitWarning", { spent, limit, currency })}
    </p>
  );
}
