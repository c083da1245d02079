// A member's records on their console page: photos with their status, the
// credits ledger, payments and open sessions.
import { useTranslation } from "react-i18next";
import { formatMoney } from "#app/i18n/format.ts";
import { useLocale } from "#app/i18n/use-locale.ts";
import type { MemberDetail } from "#app/server/operators/members.ts";
import { cell, DataTable, Empty, Panel, StatusBadge, When } from "./page.tsx";

export function MemberRecords({ detail }: { detail: MemberDetail }) {
  const { t } = useTranslation("admin");
  const locale = useLocale();
  return (
    <>
      <Panel title={t("members.photos")} id="member-photos">
        {detail.photos.length === 0 ? (
          <Empty>{t("members.noPhotos")}</Empty>
        ) : (
          <ul className="flex flex-wrap gap-3">
            {detail.photos.map((photo) => (
              <li key={photo.id} className="w-28 text-center text-xs">
                <img src={photo.thumb} alt="" className="aspect-square w-28 rounded-lg object-cover" loading="lazy" />
                <StatusBadge status={photo.status} />
                {photo.isPrivate && <span className="block text-muted">{t("photos.private")}</span>}
              </li>
            ))}
          </ul>
        )}
      </Panel>
      <Panel title={t("members.ledger")} id="member-ledger">
        {detail.ledger.length === 0 ? (
          <Empty>{t("members.noLedger")}</Empty>
        ) : (
          <DataTable
            caption={t("members.ledger")}
            head={[t("members.when"), t("members.delta"), t("members.ledgerReason"), t("members.note")]}
          >
            {detail.ledger.map((row) => (
              <tr key={row.id}>
                <td className={cell}>
                  <When at={row.createdAt} />
                </td>
                <td className={`${cell} font-mono ${row.delta < 0 ? "text-danger" : "text-success"}`}>
                  {row.delta > 0 ? `+${row.delta}` : row.delta}
                </td>
                <td className={cell}>{t(`ledgerReasons.${row.reason}`)}</td>
                <td className={cell}>{row.note}</td>
              </tr>
            ))}
          </DataTable>
        )}
      </Panel>
      <Panel title={t("members.payments")} id="member-payments">
        {detail.payments.length === 0 ? (
          <Empty>{t("payments.none")}</Empty>
        ) : (
          <DataTable
            caption={t("members.payments")}
            head={[
              t("members.when"),
              t("payments.amount"),
              t("payments.credits"),
              t("payments.method"),
              t("payments.status"),
            ]}
          >
            {detail.payments.map((p) => (
              <tr key={p.id}>
                <td className={cell}>
                  <When at={p.createdAt} />
                </td>
                <td className={cell}>{formatMoney(p.amountCents, p.currency, locale)}</td>
                <td className={cell}>{p.credits}</td>
                <td className={cell}>{p.method}</td>
                <td className={cell}>
                  <StatusBadge status={p.status} />
                </td>
              </tr>
            ))}
          </DataTable>
        )}
      </Panel>
      <Panel title={t("members.sessions")} id="member-sessions">
        {detail.sessions.length === 0 ? (
          <Empty>{t("members.noSessions")}</Empty>
        ) : (
          <DataTable
            caption={t("members.sessions")}
            head={[t("members.sessionStarted"), t("members.sessionExpires"), t("members.device")]}
          >
            {detail.sessions.map((s) => (
              <tr key={s.createdAt}>
                <td className={cell}>
                  <When at={s.createdAt} />
                </td>
                <td className={cell}>
                  <When at={s.expiresAt} />
                </td>
                <td className={`${cell} max-w-md truncate`}>{s.userAgent}</td>
              </tr>
            ))}
          </DataTable>
        )}
      </Panel>
    </>
  );
}
