// A photo's two answers in the moderation queue: approve in one click, or
// reject with the statement of reasons the member will be mailed (opened
// under "Reject with reasons", so the queue stays one screenful).
import { getFormProps, type SubmissionResult, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import { ErrorList, SubmitButton } from "#app/components/forms/fields.tsx";
import { photoDecisionSchema } from "#app/schemas/decisions.ts";
import { ReasonsFields } from "./reasons-fields.tsx";

export function PhotoDecision({ photo, lastResult }: { photo: number; lastResult?: SubmissionResult<string[]> }) {
  const { t } = useTranslation("admin");
  const [form, fields] = useForm({
    id: `photo-decision-${photo}`,
    lastResult,
    constraint: getZodConstraint(photoDecisionSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: photoDecisionSchema }),
    shouldValidate: "onSubmit",
  });
  return (
    <div className="space-y-2">
      <Form method="post">
        <input type="hidden" name="photo" value={photo} />
        <SubmitButton name="decision" value="approve" className="btn-outline min-h-9 w-full px-2">
          {t("photos.approve")}
        </SubmitButton>
      </Form>
      <details open={Boolean(lastResult)}>
        <summary className="btn-primary min-h-9 w-full cursor-pointer list-none px-2 text-center">
          {t("photos.reject")}
        </summary>
        <Form method="post" className="mt-2 space-y-2" {...getFormProps(form)}>
          <input type="hidden" name="photo" value={photo} />
          <input type="hidden" name="decision" value="reject" />
          <ReasonsFields fields={fields as never} />
          <ErrorList id={form.errorId} errors={form.errors} />
          <SubmitButton className="btn-primary min-h-9 w-full px-2">{t("photos.rejectWithReasons")}</SubmitButton>
        </Form>
      </details>
    </div>
  );
}
