// Form pieces for Conform forms: labelled inputs whose errors (translation
// keys from the shared zod schemas, or messages from the server) are read out.
import { type FieldMetadata, getInputProps, getSelectProps, getTextareaProps } from "@conform-to/react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useNavigation } from "react-router";

/**
 * Any Conform field: its types are exact about each field's value (fields that
 * a schema preprocesses are `unknown`), while these inputs render any of them.
 */
// biome-ignore lint/suspicious/noExplicitAny: see above
export type AnyField = FieldMetadata<any, any, string[]>;

type InputType = "text" | "email" | "password" | "date" | "number" | "search" | "tel" | "hidden";

export function ErrorList({
  id,
  errors,
  params,
}: {
  id?: string;
  errors?: string[] | undefined;
  params?: Record<string, unknown>;
}) {
  const { t } = useTranslation();
  if (!errors?.length) return null;
  return (
    <div id={id} className="mt-1 space-y-0.5 text-sm font-medium text-danger" role="alert">
      {errors.map((error) => (
        <p key={error}>{t(error, params)}</p>
      ))}
    </div>
  );
}

/** A field's frame: its label, the control (and any hint), then its errors read out. */
export function Field({
  meta,
  label,
  errorParams,
  children,
}: {
  meta: AnyField;
  label: ReactNode;
  errorParams?: Record<string, unknown>;
  children: ReactNode;
}) {
  return (
    <div>
      <label htmlFor={meta.id} className="field-label">
        {label}
      </label>
      {children}
      <ErrorList id={meta.errorId} errors={meta.errors} params={errorParams} />
    </div>
  );
}

export function InputField({
  meta,
  label,
  type = "text",
  hint,
  errorParams,
  ...rest
}: {
  meta: AnyField;
  label: ReactNode;
  type?: InputType;
  hint?: ReactNode;
  errorParams?: Record<string, unknown>;
  autoComplete?: string;
  placeholder?: string;
  max?: string;
  min?: string;
  autoFocus?: boolean;
}) {
  const hintId = hint ? `${meta.id}-hint` : undefined;
  return (
    <Field meta={meta} label={label} errorParams={errorParams}>
      <input
        {...getInputProps(meta, { type, ariaDescribedBy: hintId })}
        {...rest}
        key={meta.key}
        className="field-input aria-[invalid]:border-danger"
      />
      {hint && (
        <p id={hintId} className="mt-1 text-xs text-muted">
          {hint}
        </p>
      )}
    </Field>
  );
}

/**
 * A labelled select. A required one always starts with an empty "Choose…"
 * option: nothing is picked for the member unless they pick it (and HTML
 * asks the first option of a required select to be that empty one).
 */
export function SelectField({
  meta,
  label,
  options,
  placeholder,
}: {
  meta: AnyField;
  label: ReactNode;
  options: { value: string; label: string }[];
  placeholder?: string;
}) {
  const { t } = useTranslation();
  const empty = placeholder ?? (meta.required ? t("accounts:signup.choose") : undefined);
  return (
    <Field meta={meta} label={label}>
      <select {...getSelectProps(meta)} key={meta.key} className="field-input aria-[invalid]:border-danger">
        {empty !== undefined && <option value="">{empty}</option>}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </Field>
  );
}

export function TextareaField({
  meta,
  label,
  rows = 4,
  maxLength,
}: {
  meta: AnyField;
  label: ReactNode;
  rows?: number;
  maxLength?: number;
}) {
  return (
    <Field meta={meta} label={label}>
      <textarea
        {...getTextareaProps(meta)}
        key={meta.key}
        rows={rows}
        maxLength={maxLength}
        className="field-input py-2 aria-[invalid]:border-danger"
      />
    </Field>
  );
}

/** A submit button that says it is busy while its form is on its way. */
export function SubmitButton({
  children,
  className = "btn-primary w-full",
  busy,
  name,
  value,
}: {
  children: ReactNode;
  className?: string;
  busy?: boolean;
  name?: string;
  value?: string;
}) {
  const navigation = useNavigation();
  const pending = busy ?? navigation.state === "submitting";
  return (
    <button type="submit" className={className} disabled={pending} aria-busy={pending} name={name} value={value}>
      {children}
    </button>
  );
}

export function FormMessage({
  tone = "danger",
  children,
}: {
  tone?: "danger" | "success" | "info";
  children: ReactNode;
}) {
  const tones = {
    danger: "border-danger/30 bg-danger/5 text-danger",
    success: "border-success/30 bg-success/5 text-success",
    info: "border-line bg-secondary-soft text-ink",
  };
  return (
    <div role={tone === "danger" ? "alert" : "status"} className={`rounded-lg border p-3 text-sm ${tones[tone]}`}>
      {children}
    </div>
  );
}
