// Reporting a profile or a message: a reason from the list and, for
// "other", a few words. The operators' moderation queue receives it. Illegal
// content has its own, formal notice (/notice), linked from here.
import { getFormProps, type SubmissionResult, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { Link, useFetcher } from "react-router";
import { ErrorList, SelectField, SubmitButton, TextareaField } from "#app/components/forms/fields.tsx";
import { reportReasons } from "#app/schemas/enums.ts";
import { REPORT_TEXT_MAX, reportSchema } from "#app/schemas/report.ts";

type ReportReply = { result?: SubmissionResult<string[]>; reported?: boolean };

export function ReportDialog({
  name,
  member,
  message,
  onClose,
}: {
  name: string;
  member: number;
  /** Set when one message is reported rather than the whole profile. */
  message?: { conversation: number; seq: number };
  onClose: () => void;
}) {
  const { t } = useTranslation("safety");
  const fetcher = useFetcher<ReportReply>();
  const dialog = useRef<HTMLDialogElement>(null);
  const [form, fields] = useForm({
    id: message ? `report-${message.conversation}-${message.seq}` : `report-${member}`,
    lastResult: fetcher.data?.result,
    constraint: getZodConstraint(reportSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: reportSchema }),
  });
  useEffect(() => {
    dialog.current?.showModal();
  }, []);
  const done = fetcher.data?.reported === true;
  return (
    <dialog
      ref={dialog}
      onClose={onClose}
      aria-labelledby="report-title"
      className="m-auto w-[min(30rem,calc(100%-2rem))] rounded-(--radius-card) bg-card p-6 backdrop:bg-ink/60"
      data-testid="report-dialog"
    >
      <h2 id="report-title" className="text-xl font-bold">
        {message ? t("report.messageTitle", { name }) : t("report.title", { name })}
      </h2>
      {done ? (
        <p className="mt-4 rounded-lg bg-success/10 p-3 text-success" role="status">
          {t("report.thanks")}
        </p>
      ) : (
        <fetcher.Form method="post" action="/report" className="mt-4 space-y-3" {...getFormProps(form)}>
          <p className="text-sm text-muted">{t("report.intro")}</p>
          <p className="text-sm">
            <Link
              to={
                message ? `/notice?conversation=${message.conversation}&seq=${message.seq}` : `/notice?member=${member}`
              }
              className="text-primary underline"
              data-testid="report-formally"
            >
              {t("notices:link.formal")}
            </Link>
          </p>
          <input type="hidden" name="member" value={member} />
          {message && (
            <>
              <input type="hidden" name="conversation" value={message.conversation} />
              <input type="hidden" name="seq" value={message.seq} />
            </>
          )}
          <SelectField
            meta={fields.reason}
            label={t("report.reason")}
            placeholder={t("report.choose")}
            options={reportReasons.map((reason) => ({ value: reason, label: t(`reasons.${reason}`) }))}
          />
          <TextareaField meta={fields.text} label={t("report.text")} rows={3} maxLength={REPORT_TEXT_MAX} />
          <ErrorList id={form.errorId} errors={form.errors} />
          <SubmitButton busy={fetcher.state !== "idle"}>{t("report.submit")}</SubmitButton>
        </fetcher.Form>
      )}
      <form method="dialog" className="mt-4 text-right">
        <button type="submit" className="btn-ghost">
          {t("report.close")}
        </button>
      </form>
    </dialog>
  );
}
