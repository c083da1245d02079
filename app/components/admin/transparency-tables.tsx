// The transparency figures as tables: notices by category, decisions by kind
// and ground, appeals by outcome, and the median times to a decision.
import { useTranslation } from "react-i18next";
import { cell, DataTable, Panel } from "#app/components/admin/page.tsx";
import { formatNumber } from "#app/i18n/format.ts";
import { useLocale } from "#app/i18n/use-locale.ts";
import type { NoticeCategory } from "#app/schemas/enums.ts";
import { noticeCategoryKey } from "#app/schemas/notices.ts";
import type { TransparencyFigures } from "#app/server/notices/transparency.ts";

function Rows({ rows }: { rows: [string, number | null][] }) {
  const locale = useLocale();
  const { t } = useTranslation("admin");
  return (
    <>
      {rows.map(([label, value]) => (
        <tr key={label}>
          <td className={cell}>{label}</td>
          <td className={`${cell} text-right tabular-nums`}>
            {value === null ? t("transparency.none") : formatNumber(value, locale)}
          </td>
        </tr>
      ))}
    </>
  );
}

export function TransparencyTables({ figures }: { figures: TransparencyFigures }) {
  const { t } = useTranslation("admin");
  const head = [t("transparency.item"), t("transparency.count")];
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <Panel title={t("transparency.notices")} id="transparency-notices">
        <DataTable caption={t("transparency.notices")} head={head}>
          <Rows
            rows={[
              ...Object.entries(figures.notices.byCategory).map(
                ([c, n]) => [t(noticeCategoryKey(c as NoticeCategory)), n] as [string, number],
              ),
              [t("transparency.total"), figures.notices.total],
              [t("transparency.closedAutomatically"), figures.notices.closedAutomatically],
              [t("transparency.medianHours"), figures.notices.medianHoursToDecision],
            ]}
          />
        </DataTable>
      </Panel>
      <Panel title={t("transparency.decisions")} id="transparency-decisions">
        <DataTable caption={t("transparency.decisions")} head={head}>
          <Rows
            rows={[
              ...Object.entries(figures.decisions.byKind).map(
                ([k, n]) => [t(`transparency.kinds.${k}`), n] as [string, number],
              ),
              ...Object.entries(figures.decisions.byGround).map(
                ([g, n]) => [t(`reasons.grounds.${g}`), n] as [string, number],
              ),
              [t("transparency.total"), figures.decisions.total],
              [t("transparency.automated"), figures.decisions.automated],
            ]}
          />
        </DataTable>
      </Panel>
      <Panel title={t("transparency.appeals")} id="transparency-appeals">
        <DataTable caption={t("transparency.appeals")} head={head}>
          <Rows
            rows={[
              ...Object.entries(figures.appeals.byOutcome).map(
                ([s, n]) => [t(`transparency.outcomes.${s}`), n] as [string, number],
              ),
              [t("transparency.total"), figures.appeals.total],
              [t("transparency.medianHours"), figures.appeals.medianHoursToDecision],
            ]}
          />
        </DataTable>
      </Panel>
    </div>
  );
}
