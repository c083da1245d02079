// /admin/transparency: the figures for a period (default the last full month)
// on the page, with links to the same numbers as a CSV or JSON download
// (admin-transparency-export.ts).
import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import { AdminPage } from "#app/components/admin/page.tsx";
import { TransparencyTables } from "#app/components/admin/transparency-tables.tsx";
import { getI18n } from "#app/i18n/i18next.server.ts";
import { orErrorPage } from "#app/routing/forms.server.ts";
import { requireOperator } from "#app/routing/guards.server.ts";
import { transparencyFigures, transparencyPeriod } from "#app/server/notices/transparency.ts";
import type { Route } from "./+types/admin-transparency";

export async function loader({ request, context }: Route.LoaderArgs) {
  const app = requireOperator(context, "transparency.export");
  const t = getI18n(context).t;
  const query = new URL(request.url).searchParams;
  const figures = await orErrorPage(t, async () =>
    transparencyFigures(app, transparencyPeriod(app.now(), { from: query.get("from"), to: query.get("to") })),
  );
  return { figures, title: t("admin:transparency.title") };
}

export const meta = ({ loaderData }: Route.MetaArgs) => [{ title: loaderData?.title }];

export default function Transparency({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("admin");
  const { figures } = loaderData;
  const period = `from=${figures.period.from}&to=${figures.period.to}`;
  return (
    <AdminPage
      title={t("transparency.title")}
      actions={
        <div className="flex gap-2">
          <a href={`/admin/transparency/export?${period}&format=csv`} className="btn-outline" download>
            {t("transparency.csv")}
          </a>
          <a href={`/admin/transparency/export?${period}&format=json`} className="btn-outline" download>
            {t("transparency.json")}
          </a>
        </div>
      }
    >
      <p className="text-sm text-muted">{t("transparency.intro")}</p>
      <Form method="get" className="flex flex-wrap items-end gap-3">
        <div>
          <label htmlFor="transparency-from" className="field-label">
            {t("transparency.from")}
          </label>
          <input
            id="transparency-from"
            name="from"
            type="date"
            defaultValue={figures.period.from}
            className="field-input"
          />
        </div>
        <div>
          <label htmlFor="transparency-to" className="field-label">
            {t("transparency.to")}
          </label>
          <input id="transparency-to" name="to" type="date" defaultValue={figures.period.to} className="field-input" />
        </div>
        <button type="submit" className="btn-primary">
          {t("transparency.show")}
        </button>
      </Form>
      <TransparencyTables figures={figures} />
    </AdminPage>
  );
}
