// The notice form's fields: the category in two groups (illegal content by
// kind, breaches of the terms), the explanation, name and e-mail (required for
// illegal content except child sexual abuse material), and the good-faith
// statement. The target travels in hidden fields from the page's address.
import { getFormProps, getInputProps, getSelectProps, type SubmissionResult, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import { ErrorList, Field, InputField, SubmitButton, TextareaField } from "#app/components/forms/fields.tsx";
import type { NoticeCategory } from "#app/schemas/enums.ts";
import {
  contactRequired,
  illegalCategories,
  NOTICE_EXPLANATION_MAX,
  type NoticeTarget,
  noticeCategoryKey,
  noticeSchema,
  termsCategories,
} from "#app/schemas/notices.ts";

export function NoticeForm({
  target,
  prefill,
  lastResult,
}: {
  target: NoticeTarget;
  prefill: { name: string; email: string } | null;
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const { t } = useTranslation("notices");
  const [form, fields] = useForm({
    id: "notice",
    lastResult,
    defaultValue: { category: "", explanation: "", name: prefill?.name ?? "", email: prefill?.email ?? "" },
    constraint: getZodConstraint(noticeSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: noticeSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const category = fields.category.value as NoticeCategory | undefined;
  const contactNeeded = category ? contactRequired(category) : false;
  return (
    <Form method="post" className="space-y-4" {...getFormProps(form)}>
      {Object.entries(target).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={String(value)} />
      ))}
      <Field meta={fields.category} label={t("form.category")}>
        <select {...getSelectProps(fields.category)} key={fields.category.key} className="field-input">
          <option value="">{t("form.chooseCategory")}</option>
          <optgroup label={t("form.groupIllegal")}>
            {illegalCategories.map((c) => (
              <option key={c} value={c}>
                {t(noticeCategoryKey(c))}
              </option>
            ))}
          </optgroup>
          <optgroup label={t("form.groupTerms")}>
            {termsCategories.map((c) => (
              <option key={c} value={c}>
                {t(noticeCategoryKey(c))}
              </option>
            ))}
          </optgroup>
        </select>
      </Field>
      <TextareaField
        meta={fields.explanation}
        label={t("form.explanation")}
        rows={6}
        maxLength={NOTICE_EXPLANATION_MAX}
      />
      <p className="text-sm text-muted">{contactNeeded ? t("form.contactRequired") : t("form.contactOptional")}</p>
      <div className="grid gap-4 sm:grid-cols-2">
        <InputField meta={fields.name} label={t("form.name")} autoComplete="name" />
        <InputField meta={fields.email} label={t("form.email")} type="email" autoComplete="email" />
      </div>
      <div className="flex items-start gap-3">
        <input
          {...getInputProps(fields.goodFaith, { type: "checkbox", value: "on" })}
          key={fields.goodFaith.key}
          className="mt-0.5 size-5 shrink-0 accent-primary"
        />
        <label htmlFor={fields.goodFaith.id} className="text-sm">
          {t("form.goodFaith")}
        </label>
      </div>
      <ErrorList id={fields.goodFaith.errorId} errors={fields.goodFaith.errors} />
      <ErrorList id={form.errorId} errors={form.errors} />
      <SubmitButton>{t("form.submit")}</SubmitButton>
      <p className="text-xs text-muted">{t("form.privacy")}</p>
    </Form>
  );
}
