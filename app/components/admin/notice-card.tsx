// One notice in the operators' queue: what it names (the photo's thumbnail,
// the profile, the reported message), the category, the reporter's words and
// who they are, and the decision with its clause and facts.
import { getFormProps, getSelectProps, type SubmissionResult, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "react-i18next";
import { Form, Link } from "react-router";
import { When } from "#app/components/admin/page.tsx";
import { ErrorList, Field, FormMessage, SubmitButton, TextareaField } from "#app/components/forms/fields.tsx";
import type { NoticeCategory } from "#app/schemas/enums.ts";
import { noticeCategoryKey, noticeClauses, noticeDecisionFields, noticeDecisions } from "#app/schemas/notices.ts";

export interface QueuedNotice {
  id: number;
  reference: string;
  category: NoticeCategory;
  targetType: "profile" | "photo" | "message";
  explanation: string;
  createdAt: number;
  domain: string;
  memberId: number | null;
  photoId: number | null;
  memberName: string;
  memberAge: number | null;
  reporter: { id: number | null; name: string; email: string };
  message: { kind: string; text: string; createdAt: number } | null;
}

export function NoticeCard({ notice, lastResult }: { notice: QueuedNotice; lastResult?: SubmissionResult<string[]> }) {
  const { t } = useTranslation("admin");
  const [form, fields] = useForm({
    id: `notice-${notice.id}`,
    lastResult,
    constraint: getZodConstraint(noticeDecisionFields),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: noticeDecisionFields }),
  });
  const decisions = noticeDecisions.filter((d) => d !== "reject_photo" || notice.targetType === "photo");
  return (
    <li className="card space-y-3 p-4" data-testid={`notice-${notice.id}`}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <h2 className="font-bold">{t(noticeCategoryKey(notice.category))}</h2>
          <p className="text-xs text-muted">
            {notice.reference} · {notice.domain} · <When at={notice.createdAt} />
          </p>
        </div>
        <span className="badge">{t(`notices.targets.${notice.targetType}`)}</span>
      </div>
      <div className="flex flex-wrap items-start gap-4">
        {notice.photoId !== null && (
          <img
            src={`/admin/photos/${notice.photoId}/thumb`}
            alt={t("notices.photoOf", { name: notice.memberName })}
            className="size-24 rounded object-cover"
          />
        )}
        <div className="space-y-1 text-sm">
          {notice.memberId !== null && (
            <p>
              <Link to={`/admin/members/${notice.memberId}`} className="text-primary hover:underline">
                {notice.memberName}
                {notice.memberAge !== null ? `, ${notice.memberAge}` : ""} (#{notice.memberId})
              </Link>
            </p>
          )}
          {notice.message && (
            <blockquote className="rounded border-l-4 border-danger bg-surface px-3 py-2" data-testid="notice-message">
              {notice.message.text || t(`notices.messageKinds.${notice.message.kind === "photo" ? "photo" : "gift"}`)}
            </blockquote>
          )}
        </div>
      </div>
      <p className="text-sm whitespace-pre-line">{notice.explanation}</p>
      <p className="text-xs text-muted">
        {t("notices.reporter")}: {notice.reporter.name || t("notices.anonymous")}
        {notice.reporter.email && <> &lt;{notice.reporter.email}&gt;</>}
        {notice.reporter.id !== null && (
          <>
            {" · "}
            <Link to={`/admin/members/${notice.reporter.id}`} className="text-primary hover:underline">
              #{notice.reporter.id}
            </Link>
          </>
        )}
      </p>
      <Form method="post" className="space-y-3" {...getFormProps(form)}>
        <input type="hidden" name="notice" value={notice.id} />
        <div className="grid gap-3 sm:grid-cols-2">
          <Field meta={fields.decision} label={t("notices.decision")}>
            <select {...getSelectProps(fields.decision)} key={fields.decision.key} className="field-input">
              <option value="">{t("reasons.choose")}</option>
              {decisions.map((d) => (
                <option key={d} value={d}>
                  {t(`notices.decisions.${d}`)}
                </option>
              ))}
            </select>
          </Field>
          <Field meta={fields.clause} label={t("reasons.clause")}>
            <select {...getSelectProps(fields.clause)} key={fields.clause.key} className="field-input">
              <option value="">{t("reasons.choose")}</option>
              {(["law", "terms"] as const).map((ground) => (
                <optgroup key={ground} label={t(`reasons.grounds.${ground}`)}>
                  {noticeClauses
                    .filter((c) => c.ground === ground)
                    .map((c) => (
                      <option key={c.key} value={c.key}>
                        {c.clause} – {t(`notices.clauses.${c.key}`)}
                      </option>
                    ))}
                </optgroup>
              ))}
            </select>
          </Field>
        </div>
        <TextareaField meta={fields.facts} label={t("reasons.facts")} rows={3} maxLength={2000} />
        <ErrorList id={form.errorId} errors={form.errors} />
        <SubmitButton className="btn-primary">{t("notices.decide")}</SubmitButton>
      </Form>
    </li>
  );
}

export function NoticeDecided() {
  const { t } = useTranslation("admin");
  return <FormMessage tone="success">{t("notices.decided")}</FormMessage>;
}
