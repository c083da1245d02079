// /pages/{2257-compliance-statement, ban, cookies, faq, privacy, return-policy,
// service, terms}: the legal and help pages in the visitor's
// language, with the domain's company info filled in. Unknown pages are a 404.
import { data } from "react-router";
import { LegalArticle } from "#app/components/content/legal-article.tsx";
import { pageMeta } from "#app/components/layout/page-meta.ts";
import { requestContext } from "#app/context.ts";
import { getI18n } from "#app/i18n/i18next.server.ts";
import { isLegalPage, legalDocument } from "#app/server/content/legal.ts";
import { legalValues } from "#app/server/content/legal-values.ts";
import { getCompany } from "#app/server/reference/reference-data.ts";
import type { Route } from "./+types/pages";

export async function loader({ params, context }: Route.LoaderArgs) {
  const app = context.get(requestContext);
  if (!isLegalPage(params.page)) {
    throw data({ message: getI18n(context).t("errors:notFound") }, { status: 404 });
  }
  const company = await getCompany(app.db, app.settings.company_id, app.now());
  const doc = legalDocument(
    params.page,
    app.locale,
    legalValues({ settings: app.settings, company, locale: app.locale, origin: app.origin, country: app.country }),
  );
  return { doc, site: app.settings.name };
}

export const meta = (args: Route.MetaArgs) =>
  pageMeta(
    args,
    args.loaderData && {
      title: `${args.loaderData.doc.title} – ${args.loaderData.site}`,
      description: args.loaderData.doc.description,
    },
  );

export default function LegalPage({ loaderData }: Route.ComponentProps) {
  return <LegalArticle doc={loaderData.doc} />;
}
