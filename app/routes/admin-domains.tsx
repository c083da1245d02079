// /admin/domains: the domains with settings in KV (and the built-in one), and
// a new domain started from a copy of another's settings.
import { getFormProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "react-i18next";
import { Form, Link, redirect } from "react-router";
import { AdminPage, cell, DataTable, Panel } from "#app/components/admin/page.tsx";
import { ErrorList, InputField, SelectField, SubmitButton } from "#app/components/forms/fields.tsx";
import { getI18n } from "#app/i18n/i18next.server.ts";
import { rejected, withDomainErrors } from "#app/routing/forms.server.ts";
import { requireOperator } from "#app/routing/guards.server.ts";
import { createDomainSchema } from "#app/schemas/admin.ts";
import { createDomain, listDomains } from "#app/server/operators/domains.ts";
import type { Route } from "./+types/admin-domains";

export async function loader({ context }: Route.LoaderArgs) {
  const app = requireOperator(context, "domains.edit");
  return { domains: await listDomains(app), title: getI18n(context).t("admin:domains.title") };
}

export async function action({ request, context }: Route.ActionArgs) {
  const app = requireOperator(context, "domains.edit");
  const submission = parseWithZod(await request.formData(), { schema: createDomainSchema });
  if (submission.status !== "success") return rejected(submission);
  return withDomainErrors(submission, getI18n(context).t, async () => {
    await createDomain(app, submission.value);
    return redirect(`/admin/domains/${encodeURIComponent(submission.value.domain)}`);
  });
}

export const meta = ({ loaderData }: Route.MetaArgs) => [{ title: loaderData?.title }];

export default function Domains({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("admin");
  const [form, fields] = useForm({
    id: "create-domain",
    lastResult: actionData?.result,
    constraint: getZodConstraint(createDomainSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: createDomainSchema }),
  });
  return (
    <AdminPage title={t("domains.title")}>
      <div className="card p-3">
        <DataTable caption={t("domains.title")} head={[t("domains.domain"), t("domains.name"), t("domains.source")]}>
          {loaderData.domains.map((d) => (
            <tr key={d.domain}>
              <td className={cell}>
                <Link
                  to={`/admin/domains/${encodeURIComponent(d.domain)}`}
                  className="font-semibold text-primary hover:underline"
                >
                  {d.domain}
                </Link>
              </td>
              <td className={cell}>{d.name ?? <span className="text-danger">{t("domains.invalid")}</span>}</td>
              <td className={cell}>{d.stored ? t("domains.stored") : t("domains.builtIn")}</td>
            </tr>
          ))}
        </DataTable>
      </div>
      <Panel title={t("domains.create")} id="create-domain-title">
        <Form method="post" className="grid gap-3 sm:grid-cols-[1fr_1fr_auto] sm:items-start" {...getFormProps(form)}>
          <InputField meta={fields.domain} label={t("domains.domain")} placeholder="example.com" />
          <SelectField
            meta={fields.copyFrom}
            label={t("domains.copyFrom")}
            placeholder={t("domains.builtInDefaults")}
            options={loaderData.domains.filter((d) => d.stored).map((d) => ({ value: d.domain, label: d.domain }))}
          />
          <div className="sm:pt-6">
            <SubmitButton className="btn-primary">{t("domains.createSubmit")}</SubmitButton>
          </div>
          <div className="sm:col-span-3">
            <ErrorList id={form.errorId} errors={form.errors} />
          </div>
        </Form>
      </Panel>
    </AdminPage>
  );
}
