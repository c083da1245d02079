// /admin/domains/:domain: a domain's settings as the JSON document KV holds —
// every field of the settings schema (payment methods, visible locales and the
// fictional-profile texts among them) — checked by that schema, previewed with
// a diff, then saved; and the domain's credit packages (prices per country,
// in D1).
import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "react-i18next";
import { data, Link, redirect, useSearchParams } from "react-router";
import { type PackageReply, PackagesEditor } from "#app/components/admin/packages-editor.tsx";
import { AdminPage } from "#app/components/admin/page.tsx";
import { SettingsEditor, type SettingsReply } from "#app/components/admin/settings-editor.tsx";
import { FormMessage } from "#app/components/forms/fields.tsx";
import { getI18n } from "#app/i18n/i18next.server.ts";
import { type ActionAnswer, rejected, withDomainErrors } from "#app/routing/forms.server.ts";
import { requireOperator } from "#app/routing/guards.server.ts";
import { parseId } from "#app/routing/params.ts";
import { packageSchema, settingsEditSchema } from "#app/schemas/admin.ts";
import { domainSettings, previewSettings, saveDomainSettings } from "#app/server/operators/domains.ts";
import { domainPackages, savePackage } from "#app/server/payments/packages.ts";
import type { Route } from "./+types/admin-domains-domain";

export async function loader({ params, context }: Route.LoaderArgs) {
  const app = requireOperator(context, "domains.edit");
  const domain = params.domain;
  const [settings, packages] = await Promise.all([domainSettings(app, domain), domainPackages(app, domain)]);
  return { ...settings, packages, title: `${domain} · ${getI18n(context).t("admin:domains.title")}` };
}

// One page, two editors: each reads the fields of the reply that are its own.
type Reply = SettingsReply & PackageReply;

export async function action({ request, params, context }: Route.ActionArgs): ActionAnswer<Reply> {
  const app = requireOperator(context, "domains.edit");
  const t = getI18n(context).t;
  const domain = params.domain;
  const formData = await request.formData();
  if (formData.get("intent") === "package") {
    const submission = parseWithZod(formData, { schema: packageSchema });
    if (submission.status !== "success") return data({ ...packageReply(submission) }, { status: 400 });
    return withDomainErrors(submission, t, async () => {
      await savePackage(app, domain, submission.value);
      return { packageSaved: true, packageId: submission.value.id ?? null };
    });
  }
  const submission = parseWithZod(formData, { schema: settingsEditSchema });
  if (submission.status !== "success") return rejected(submission);
  const { intent, json, version } = submission.value;
  if (intent === "preview") {
    const preview = await previewSettings(app, domain, json);
    return data({ json, version, preview }, { status: preview.ok ? 200 : 400 });
  }
  return withDomainErrors(
    submission,
    t,
    async () => {
      await saveDomainSettings(app, { domain, json, version: version ?? "" });
      return redirect(`/admin/domains/${encodeURIComponent(domain)}?saved=1`);
    },
    { extra: { json, version } },
  );
}

const packageReply = (submission: { reply(): SubmissionResult<string[]>; payload: Record<string, unknown> }) => ({
  packageResult: submission.reply(),
  packageId: parseId(String(submission.payload.id ?? "")),
});

export const meta = ({ loaderData }: Route.MetaArgs) => [{ title: loaderData?.title }];

export default function DomainSettings({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("admin");
  const [searchParams] = useSearchParams();
  return (
    <AdminPage
      title={loaderData.domain}
      actions={
        <Link to="/admin/domains" className="btn-outline">
          {t("domains.back")}
        </Link>
      }
    >
      {searchParams.get("saved") && <FormMessage tone="success">{t("domains.saved")}</FormMessage>}
      {!loaderData.stored && <FormMessage tone="info">{t("domains.builtInNotice")}</FormMessage>}
      <SettingsEditor json={loaderData.json} version={loaderData.version} reply={actionData} />
      <PackagesEditor domain={loaderData.domain} packages={loaderData.packages} reply={actionData} />
    </AdminPage>
  );
}
