// /admin: the dashboard — signups, activations, first purchases, revenue and
// messages per day for the last 30 days, for all domains or one.
import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import { DayChart } from "#app/components/admin/chart.tsx";
import { AdminPage, cell, DataTable } from "#app/components/admin/page.tsx";
import { formatMoney, formatNumber } from "#app/i18n/format.ts";
import { getI18n } from "#app/i18n/i18next.server.ts";
import { useLocale } from "#app/i18n/use-locale.ts";
import { requireOperator } from "#app/routing/guards.server.ts";
import { dashboardMetrics } from "#app/schemas/dashboard.ts";
import { dashboard } from "#app/server/operators/dashboard.ts";
import type { Route } from "./+types/admin";

export async function loader({ request, context }: Route.LoaderArgs) {
  const app = requireOperator(context, "dashboard.view");
  const domain = new URL(request.url).searchParams.get("domain") || null;
  return { ...(await dashboard(app, { domain })), title: getI18n(context).t("admin:dashboard.title") };
}

export const meta = ({ loaderData }: Route.MetaArgs) => [{ title: loaderData?.title }];

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("admin");
  const locale = useLocale();
  const { days, domains, domain, series, revenue, totalsByDomain } = loaderData;
  const count = (v: number) => formatNumber(v, locale);
  return (
    <AdminPage
      title={t("dashboard.title")}
      actions={
        <Form method="get" className="flex items-end gap-2">
          <div>
            <label htmlFor="dashboard-domain" className="field-label">
              {t("dashboard.domain")}
            </label>
            <select id="dashboard-domain" name="domain" defaultValue={domain ?? ""} className="field-input">
              <option value="">{t("dashboard.allDomains")}</option>
              {domains.map((d) => (
                <option key={d} value={d}>
                  {d}
                </option>
              ))}
            </select>
          </div>
          <button type="submit" className="btn-outline">
            {t("dashboard.show")}
          </button>
        </Form>
      }
    >
      <p className="text-sm text-muted">{t("dashboard.period", { days: days.length })}</p>
      <div className="grid gap-4 xl:grid-cols-2">
        {dashboardMetrics.map((metric) => (
          <DayChart
            key={metric}
            title={t(`dashboard.metrics.${metric}`)}
            days={days}
            values={series[metric]}
            format={count}
          />
        ))}
        {Object.entries(revenue).map(([currency, values]) => (
          <DayChart
            key={currency}
            title={t("dashboard.revenue", { currency })}
            days={days}
            values={values}
            format={(cents) => formatMoney(cents, currency, locale)}
          />
        ))}
      </div>
      {domains.length > 0 && (
        <section className="card p-4" aria-labelledby="per-domain">
          <h2 id="per-domain" className="mb-2 font-bold">
            {t("dashboard.perDomain")}
          </h2>
          <DataTable
            caption={t("dashboard.perDomain")}
            head={[t("dashboard.domain"), ...dashboardMetrics.map((m) => t(`dashboard.metrics.${m}`))]}
          >
            {domains.map((d) => (
              <tr key={d}>
                <td className={cell}>{d}</td>
                {dashboardMetrics.map((m) => (
                  <td key={m} className={cell}>
                    {count(totalsByDomain[m][d] ?? 0)}
                  </td>
                ))}
              </tr>
            ))}
          </DataTable>
        </section>
      )}
    </AdminPage>
  );
}
