// /notice: anyone's notice about a profile (?member=), a photo (?photo=) or a
// message (?conversation=&seq=, only for a member who took part in it). Shows
// what is reported, takes the form, and answers with the notice's reference.

import { parseWithZod } from "@conform-to/zod/v4";
import { CircleCheck } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { FormMessage } from "#app/components/forms/fields.tsx";
import { pageMeta } from "#app/components/layout/page-meta.ts";
import { NoticeForm } from "#app/components/notices/notice-form.tsx";
import { requestContext } from "#app/context.ts";
import { getI18n } from "#app/i18n/i18next.server.ts";
import { orErrorPage, rejected, withDomainErrors } from "#app/routing/forms.server.ts";
import { noticeSchema, noticeTargetQuery } from "#app/schemas/notices.ts";
import { DomainError } from "#app/server/errors.ts";
import { fileNotice, noticeTarget } from "#app/server/notices/file.ts";
import type { Route } from "./+types/notice";

export async function loader({ request, context }: Route.LoaderArgs) {
  const app = context.get(requestContext);
  const t = getI18n(context).t;
  const meta = { title: `${t("notices:title")} – ${app.settings.name}`, description: t("notices:intro") };
  const asked = Object.fromEntries(new URL(request.url).searchParams);
  // Reached without a target (a footer link): the page says where the Report buttons are.
  if (!["member", "photo", "conversation"].some((name) => name in asked)) return { target: null, prefill: null, meta };
  const query = noticeTargetQuery.safeParse(asked);
  const target = await orErrorPage(t, async () => {
    if (!query.success) throw new DomainError("page_not_found");
    return noticeTarget(app, query.data, app.member);
  });
  return {
    target: { query: query.data!, type: target.type, name: target.name, age: target.age },
    prefill: app.member ? { name: app.member.profile.name, email: app.member.email } : null,
    meta,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const app = context.get(requestContext);
  const submission = parseWithZod(await request.formData(), { schema: noticeSchema });
  if (submission.status !== "success") return rejected(submission);
  return withDomainErrors(submission, getI18n(context).t, async () => {
    const filed = await fileNotice(app, submission.value, app.member);
    return { result: submission.reply({ resetForm: true }), filed: { ...filed, email: submission.value.email ?? "" } };
  });
}

export const meta = (args: Route.MetaArgs) => pageMeta(args, args.loaderData?.meta);

export default function Notice({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("notices");
  const { target } = loaderData;
  const filed = actionData && "filed" in actionData ? actionData.filed : null;
  return (
    <div className="mx-auto max-w-2xl px-4 py-10">
      <div className="card p-6 sm:p-8">
        {filed ? (
          <div className="text-center" data-testid="notice-filed">
            <CircleCheck className="mx-auto size-12 text-success" aria-hidden="true" />
            <h1 className="mt-3 text-2xl font-bold">{t("done.title")}</h1>
            <FormMessage tone="success">
              {filed.decided ? t("done.contentGone") : t("done.received")}
              {filed.email ? ` ${t("done.mailed", { email: filed.email })}` : ""}
            </FormMessage>
            <p className="mt-3 text-sm" data-testid="notice-reference">
              {t("done.reference", { reference: filed.reference })}
            </p>
            <p className="mt-6">
              <Link to="/" className="btn-outline">
                {t("done.backHome")}
              </Link>
            </p>
          </div>
        ) : (
          <>
            <h1 className="text-2xl font-bold">{t("title")}</h1>
            <p className="mt-1 text-sm text-muted">{t("intro")}</p>
            {target ? (
              <>
                <p
                  className="mt-4 mb-6 rounded-lg border border-line bg-surface p-3 font-semibold"
                  data-testid="notice-target"
                >
                  {t("form.reporting", { target: t(`target.${target.type}`, { name: target.name, age: target.age }) })}
                </p>
                <NoticeForm target={target.query} prefill={loaderData.prefill} lastResult={actionData?.result} />
              </>
            ) : (
              <p className="mt-4 rounded-lg border border-line bg-surface p-3" data-testid="notice-how">
                {t("howTo")}
              </p>
            )}
          </>
        )}
      </div>
    </div>
  );
}
