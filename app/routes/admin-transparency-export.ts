// GET /admin/transparency/export?from=&to=&format=csv|json: the transparency
// figures of the console page (same period rule, same numbers) as a download.
import { getI18n } from "#app/i18n/i18next.server.ts";
import { orErrorPage } from "#app/routing/forms.server.ts";
import { requireOperator } from "#app/routing/guards.server.ts";
import { transparencyCsv, transparencyFigures, transparencyPeriod } from "#app/server/notices/transparency.ts";
import type { Route } from "./+types/admin-transparency-export";

export async function loader({ request, context }: Route.LoaderArgs) {
  const app = requireOperator(context, "transparency.export");
  const query = new URL(request.url).searchParams;
  const figures = await orErrorPage(getI18n(context).t, async () =>
    transparencyFigures(app, transparencyPeriod(app.now(), { from: query.get("from"), to: query.get("to") })),
  );
  const csv = query.get("format") === "csv";
  const name = `transparency-${figures.period.from}-${figures.period.to}.${csv ? "csv" : "json"}`;
  return new Response(csv ? transparencyCsv(figures) : JSON.stringify(figures, null, 2), {
    headers: {
      "Content-Type": csv ? "text/csv; charset=utf-8" : "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="${name}"`,
      "Cache-Control": "private, no-store",
    },
  });
}
