// One open appeal in the console's queue: the decision appealed with its
// statement of reasons and its author, the appellant's text, and the form to
// uphold or reverse it with the outcome mailed to the appellant.
import { getFormProps, type SubmissionResult, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "react-i18next";
import { Form, Link } from "react-router";
import { ErrorList, SelectField, SubmitButton, TextareaField } from "#app/components/forms/fields.tsx";
import { APPEAL_TEXT, appealDecisionSchema, appealOutcomes } from "#app/schemas/decisions.ts";
import { When } from "./page.tsx";

export interface OpenAppeal {
  id: number;
  text: string;
  email: string;
  createdAt: number;
  author: string | null;
  decision: {
    id: number;
    kind: string;
    memberId: number | null;
    targetType: string;
    targetId: string;
    facts: string;
    ground: string;
    clause: string;
    automated: boolean;
    createdAt: number;
  };
}

export function AppealCard({ appeal, lastResult }: { appeal: OpenAppeal; lastResult?: SubmissionResult<string[]> }) {
  const { t } = useTranslation("admin");
  const { decision } = appeal;
  const [form, fields] = useForm({
    id: `appeal-decision-${appeal.id}`,
    lastResult,
    constraint: getZodConstraint(appealDecisionSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: appealDecisionSchema }),
  });
  return (
    <li className="card space-y-3 p-4" data-testid={`appeal-${appeal.id}`}>
      <div className="text-xs text-muted">
        {t(`appeals.kinds.${decision.kind}`)} · {t("appeals.decidedBy")}{" "}
        {decision.automated ? t("appeals.automated") : (appeal.author ?? "—")} · <When at={decision.createdAt} />
        {decision.memberId && (
          <>
            {" · "}
            <Link to={`/admin/members/${decision.memberId}`} className="text-primary hover:underline">
              #{decision.memberId}
            </Link>
          </>
        )}
      </div>
      <dl className="grid gap-1 text-sm sm:grid-cols-[auto_1fr] sm:gap-x-4">
        <dt className="text-muted">{t("reasons.facts")}</dt>
        <dd className="whitespace-pre-line">{decision.facts}</dd>
        <dt className="text-muted">{t(`reasons.grounds.${decision.ground}`)}</dt>
        <dd>{decision.clause}</dd>
        <dt className="text-muted">{t("appeals.appellant")}</dt>
        <dd>
          {appeal.email} · <When at={appeal.createdAt} />
        </dd>
      </dl>
      <blockquote className="border-l-4 border-line pl-3 text-sm whitespace-pre-line">{appeal.text}</blockquote>
      <Form method="post" className="space-y-2" {...getFormProps(form)}>
        <input type="hidden" name="appeal" value={appeal.id} />
        <SelectField
          meta={fields.outcome}
          label={t("appeals.outcome")}
          placeholder={t("reasons.choose")}
          options={appealOutcomes.map((outcome) => ({ value: outcome, label: t(`appeals.outcomes.${outcome}`) }))}
        />
        <TextareaField meta={fields.text} label={t("appeals.outcomeText")} rows={3} maxLength={APPEAL_TEXT.max} />
        <ErrorList id={form.errorId} errors={form.errors} />
        <SubmitButton className="btn-primary">{t("appeals.decide")}</SubmitButton>
      </Form>
    </li>
  );
}
