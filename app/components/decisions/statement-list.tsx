// The statements of reasons a member (or reporter) receives, newest first:
// what was decided, the facts, the ground and clause, whether a person or a
// rule decided, and until when to appeal; under each, the appeal form (once,
// free, within six months) or the appeal's state and outcome.
import { getFormProps, type SubmissionResult, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import { ErrorList, FormMessage, SubmitButton, TextareaField } from "#app/components/forms/fields.tsx";
import { useLocale } from "#app/i18n/use-locale.ts";
import { APPEAL_TEXT, appealSchema } from "#app/schemas/decisions.ts";

export interface Statement {
  id: number;
  kind: string;
  facts: string;
  ground: string;
  clause: string;
  automated: boolean;
  createdAt: number;
  appealUntil: number;
  reversedAt: number | null;
  canAppeal: boolean;
  appeal: { status: string; text: string; outcome: string; createdAt: number } | null;
}

/** "Messages from the team": the page a member opens from their account, and a mail's appeal link opens. */
export function TeamMessages({
  statements,
  reply,
}: {
  statements: Statement[];
  reply?: { decision?: number; result?: SubmissionResult<string[]>; filed?: boolean };
}) {
  const { t } = useTranslation("decisions");
  return (
    <div className="mx-auto max-w-2xl space-y-4 px-4 py-8">
      <h1 className="text-2xl font-bold">{t("page.title")}</h1>
      <p className="text-sm text-muted">{t("page.intro")}</p>
      {reply?.filed && <FormMessage tone="success">{t("page.appealFiled")}</FormMessage>}
      <StatementList statements={statements} reply={reply} />
    </div>
  );
}

function StatementList({
  statements,
  reply,
}: {
  statements: Statement[];
  reply?: { decision?: number; result?: SubmissionResult<string[]> };
}) {
  const { t } = useTranslation("decisions");
  if (!statements.length) return <p className="text-muted">{t("page.empty")}</p>;
  return (
    <ul className="space-y-4">
      {statements.map((statement) => (
        <li key={statement.id} className="card space-y-3 p-4" data-testid={`statement-${statement.id}`}>
          <StatementFacts statement={statement} />
          {statement.appeal ? (
            <AppealState appeal={statement.appeal} />
          ) : statement.canAppeal ? (
            <AppealForm
              decision={statement.id}
              lastResult={reply?.decision === statement.id ? reply.result : undefined}
            />
          ) : (
            <p className="text-sm text-muted">{t("page.appealClosed")}</p>
          )}
        </li>
      ))}
    </ul>
  );
}

function StatementFacts({ statement }: { statement: Statement }) {
  const { t } = useTranslation("decisions");
  const locale = useLocale();
  const date = (at: number) => new Intl.DateTimeFormat(locale, { dateStyle: "long" }).format(at);
  return (
    <div className="space-y-2 text-sm">
      <p className="text-xs text-muted">{date(statement.createdAt)}</p>
      <p className="font-semibold">{t(`kinds.${statement.kind}`)}</p>
      {statement.reversedAt && <FormMessage tone="success">{t("page.reversed")}</FormMessage>}
      <dl className="grid gap-1 sm:grid-cols-[auto_1fr] sm:gap-x-4">
        <dt className="text-muted">{t("statement.facts")}</dt>
        <dd className="whitespace-pre-line">{statement.facts}</dd>
        <dt className="text-muted">
          {t(statement.ground === "law" ? "statement.groundLaw" : "statement.groundTerms")}
        </dt>
        <dd>{statement.clause}</dd>
      </dl>
      <p>{t(statement.automated ? "statement.automated" : "statement.byPerson")}</p>
      {statement.canAppeal && <p>{t("statement.appealUntil", { date: date(statement.appealUntil) })}</p>}
    </div>
  );
}

function AppealState({ appeal }: { appeal: NonNullable<Statement["appeal"]> }) {
  const { t } = useTranslation("decisions");
  return (
    <div className="space-y-1 border-t border-line pt-3 text-sm" data-testid="appeal-state">
      <p className="font-semibold">{t(`page.appealStatus.${appeal.status}`)}</p>
      <p className="whitespace-pre-line text-muted">{appeal.text}</p>
      {appeal.outcome && <p className="whitespace-pre-line">{appeal.outcome}</p>}
    </div>
  );
}

function AppealForm({ decision, lastResult }: { decision: number; lastResult?: SubmissionResult<string[]> }) {
  const { t } = useTranslation("decisions");
  const [form, fields] = useForm({
    id: `appeal-${decision}`,
    lastResult,
    constraint: getZodConstraint(appealSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: appealSchema }),
    shouldValidate: "onBlur",
  });
  return (
    <Form method="post" className="space-y-2 border-t border-line pt-3" {...getFormProps(form)}>
      <input type="hidden" name="decision" value={decision} />
      <TextareaField meta={fields.text} label={t("page.appealLabel")} rows={4} maxLength={APPEAL_TEXT.max} />
      <ErrorList id={form.errorId} errors={form.errors} />
      <SubmitButton className="btn-primary">{t("page.appealSubmit")}</SubmitButton>
    </Form>
  );
}
