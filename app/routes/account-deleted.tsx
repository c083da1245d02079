// /account-deleted: after deletion; for 14 days a reactivation link can be sent
// again to the address (also used by the signup form's offer).
import { getFormProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import { ErrorList, FormMessage, InputField, SubmitButton } from "#app/components/forms/fields.tsx";
import { requestContext } from "#app/context.ts";
import { getI18n } from "#app/i18n/i18next.server.ts";
import { rejected, withDomainErrors } from "#app/routing/forms.server.ts";
import { resetRequestSchema } from "#app/schemas/account.ts";
import { requestReactivation } from "#app/server/accounts/deletion.ts";
import type { Route } from "./+types/account-deleted";

export function loader({ context }: Route.LoaderArgs) {
  return { title: getI18n(context).t("accounts:deleted.title") };
}

export async function action({ request, context }: Route.ActionArgs) {
  const app = context.get(requestContext);
  const submission = parseWithZod(await request.formData(), { schema: resetRequestSchema });
  if (submission.status !== "success") return rejected(submission);
  return withDomainErrors(submission, getI18n(context).t, async () => {
    await requestReactivation(app, submission.value.email);
    return { result: submission.reply({ resetForm: true }), sent: true };
  });
}

export const meta = ({ loaderData }: Route.MetaArgs) => [{ title: loaderData?.title }];

export default function AccountDeleted({ actionData }: Route.ComponentProps) {
  const { t } = useTranslation("accounts");
  const [form, fields] = useForm({
    id: "reactivate",
    lastResult: actionData?.result,
    constraint: getZodConstraint(resetRequestSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: resetRequestSchema }),
  });
  return (
    <div className="mx-auto max-w-md px-4 py-12">
      <h1 className="text-2xl font-bold">{t("deleted.title")}</h1>
      <p className="mt-3 text-muted">{t("deleted.text")}</p>
      <div className="card mt-8 p-6">
        <h2 className="font-bold">{t("deleted.reactivateTitle")}</h2>
        {actionData && "sent" in actionData ? (
          <div className="mt-4">
            <FormMessage tone="success">{t("deleted.reactivationSent")}</FormMessage>
          </div>
        ) : (
          <Form method="post" className="mt-4 space-y-4" {...getFormProps(form)}>
            <InputField meta={fields.email} label={t("fields.email")} type="email" autoComplete="email" />
            <ErrorList id={form.errorId} errors={form.errors} />
            <SubmitButton>{t("deleted.reactivateButton")}</SubmitButton>
          </Form>
        )}
      </div>
    </div>
  );
}
