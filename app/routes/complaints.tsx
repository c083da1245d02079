// /complaints: a validated complaint form, prefilled for members;
// stored for the operators with a confirmation mail, then a success screen
// with the complaint's reference.
import { getFormProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { CircleCheck } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Form, Link } from "react-router";
import { ErrorList, FormMessage, InputField, SubmitButton, TextareaField } from "#app/components/forms/fields.tsx";
import { pageMeta } from "#app/components/layout/page-meta.ts";
import { requestContext } from "#app/context.ts";
import { getI18n } from "#app/i18n/i18next.server.ts";
import { rejected, withDomainErrors } from "#app/routing/forms.server.ts";
import { COMPLAINT_MESSAGE_MAX, complaintSchema } from "#app/schemas/complaints.ts";
import { fileComplaint } from "#app/server/complaints/complaints.ts";
import type { Route } from "./+types/complaints";

export function loader({ context }: Route.LoaderArgs) {
  const app = context.get(requestContext);
  const t = getI18n(context).t;
  return {
    prefill: app.member ? { name: app.member.profile.name, email: app.member.email } : null,
    meta: {
      title: `${t("content:complaints.title")} – ${app.settings.name}`,
      description: t("content:complaints.metaDescription", { name: app.settings.name }),
    },
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const app = context.get(requestContext);
  const submission = parseWithZod(await request.formData(), { schema: complaintSchema });
  if (submission.status !== "success") return rejected(submission);
  return withDomainErrors(submission, getI18n(context).t, async () => {
    const { reference } = await fileComplaint(app, submission.value, app.member);
    return { result: submission.reply({ resetForm: true }), filed: { email: submission.value.email, reference } };
  });
}

export const meta = (args: Route.MetaArgs) => pageMeta(args, args.loaderData?.meta);

export default function Complaints({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("content");
  const [form, fields] = useForm({
    id: "complaint",
    lastResult: actionData?.result,
    defaultValue: {
      name: loaderData.prefill?.name ?? "",
      email: loaderData.prefill?.email ?? "",
      subject: "",
      message: "",
    },
    constraint: getZodConstraint(complaintSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: complaintSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const filed = actionData && "filed" in actionData ? actionData.filed : null;
  return (
    <div className="mx-auto max-w-2xl px-4 py-10">
      <div className="card p-6 sm:p-8">
        {filed ? (
          <div className="text-center" data-testid="complaint-filed">
            <CircleCheck className="mx-auto size-12 text-success" aria-hidden="true" />
            <h1 className="mt-3 text-2xl font-bold">{t("complaints.doneTitle")}</h1>
            <FormMessage tone="success">{t("complaints.done", { email: filed.email })}</FormMessage>
            <p className="mt-3 text-sm" data-testid="complaint-reference">
              {t("complaints.reference", { reference: filed.reference })}
            </p>
            <p className="mt-6">
              <Link to="/" className="btn-outline">
                {t("complaints.backHome")}
              </Link>
            </p>
          </div>
        ) : (
          <>
            <h1 className="text-2xl font-bold">{t("complaints.title")}</h1>
            <p className="mt-1 mb-6 text-sm text-muted">{t("complaints.intro")}</p>
            <Form method="post" className="space-y-4" {...getFormProps(form)}>
              <div className="grid gap-4 sm:grid-cols-2">
                <InputField meta={fields.name} label={t("complaints.name")} autoComplete="name" />
                <InputField meta={fields.email} label={t("complaints.email")} type="email" autoComplete="email" />
              </div>
              <InputField meta={fields.subject} label={t("complaints.subject")} />
              <TextareaField
                meta={fields.message}
                label={t("complaints.message")}
                rows={7}
                maxLength={COMPLAINT_MESSAGE_MAX}
              />
              <ErrorList id={form.errorId} errors={form.errors} />
              <SubmitButton>{t("complaints.submit")}</SubmitButton>
              <p className="text-xs text-muted">{t("complaints.privacy")}</p>
            </Form>
          </>
        )}
      </div>
    </div>
  );
}
