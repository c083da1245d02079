// /admin/desk/:conversation: one conversation at the chat desk. Opening it
// claims it for the operator (or shows who holds it); the page shows the
// member's public profile, the messages, the fictional profile's own facts,
// and the answer form — pre-filled with the honest answer while the member's
// question whether a real person writes is unanswered.
import { getFormProps, type SubmissionResult, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { data, Form, Link, redirect, useRevalidator } from "react-router";
import { DeskFacts, DeskMessages } from "#app/components/admin/desk-conversation.tsx";
import { useLanguageName } from "#app/components/admin/desk-time.tsx";
import { AdminPage, Panel } from "#app/components/admin/page.tsx";
import { ErrorList, FormMessage, SubmitButton, TextareaField } from "#app/components/forms/fields.tsx";
import { formatTime } from "#app/i18n/format.ts";
import { getI18n } from "#app/i18n/i18next.server.ts";
import { useLocale } from "#app/i18n/use-locale.ts";
import { type ActionAnswer, orErrorPage, withDomainErrors } from "#app/routing/forms.server.ts";
import { requireOperator } from "#app/routing/guards.server.ts";
import { deskAnswerSchema, deskFlagSchema } from "#app/schemas/desk.ts";
import { answerAsFictional } from "#app/server/desk/answer.ts";
import { releaseConversation } from "#app/server/desk/claims.ts";
import { openDeskConversation } from "#app/server/desk/conversation.ts";
import { flagMemberFromDesk } from "#app/server/desk/flag.ts";
import type { ErrorCode } from "#app/server/errors.ts";
import type { Route } from "./+types/admin-desk-conversation";

/** While the operator holds the conversation, the page reads new messages (and keeps the claim) this often. */
const REFRESH_MS = 20_000;

export async function loader({ params, context }: Route.LoaderArgs) {
  const app = requireOperator(context, "desk");
  const { t } = getI18n(context);
  const view = await orErrorPage(t, () => openDeskConversation(app, Number(params.conversation)));
  return {
    ...view,
    clientId: `desk-${crypto.randomUUID()}`,
    title: t("admin:desk.conversationTitle", { member: view.member.name, profile: view.fictional.name }),
  };
}

type Reply = { intent?: "answer" | "flag"; done?: boolean; result?: SubmissionResult<string[]> };

const answerField = (code: ErrorCode) =>
  code === "desk_honest_answer_required" || code === "message_too_long" || code === "invalid_input"
    ? "text"
    : undefined;

export async function action({ request, params, context }: Route.ActionArgs): ActionAnswer<Reply> {
  const app = requireOperator(context, "desk");
  const { t } = getI18n(context);
  const conversation = Number(params.conversation);
  const formData = await request.formData();
  const intent = formData.get("intent");
  if (intent === "release") {
    await releaseConversation(app, conversation);
    return redirect("/admin/desk");
  }
  const schema = intent === "flag" ? deskFlagSchema : deskAnswerSchema;
  const submission = parseWithZod(formData, { schema });
  if (submission.status !== "success")
    return data({ intent: schema === deskFlagSchema ? "flag" : "answer", result: submission.reply() }, { status: 400 });
  const value = submission.value;
  return withDomainErrors(
    submission,
    t,
    async () => {
      if (value.intent === "flag") await flagMemberFromDesk(app, { conversation, note: value.note });
      else await answerAsFictional(app, { conversation, clientId: value.clientId, text: value.text });
      return { intent: value.intent, done: true, result: submission.reply({ resetForm: true }) };
    },
    { fieldOf: answerField, extra: { intent: value.intent } },
  );
}

export const meta = ({ loaderData }: Route.MetaArgs) => [{ title: loaderData?.title }];

export default function DeskConversation({ loaderData, actionData: reply }: Route.ComponentProps) {
  const { t } = useTranslation("admin");
  const locale = useLocale();
  const view = loaderData;
  const revalidator = useRevalidator();
  // One id per answer: kept across refreshes, a new one once the answer was sent.
  const [clientId, setClientId] = useState(view.clientId);
  const answered = reply?.intent === "answer" && reply.done;
  useEffect(() => {
    if (answered) setClientId(view.clientId);
  }, [answered, view.clientId]);
  useEffect(() => {
    if (!view.claim.mine) return;
    const timer = setInterval(() => {
      if (document.visibilityState === "visible" && revalidator.state === "idle") void revalidator.revalidate();
    }, REFRESH_MS);
    return () => clearInterval(timer);
  }, [view.claim.mine, revalidator]);
  const until = formatTime(view.claim.expiresAt, locale, "UTC");
  return (
    <AdminPage
      title={view.title}
      actions={
        <Link to="/admin/desk" className="btn-outline">
          {t("desk.back")}
        </Link>
      }
    >
      {view.claim.mine ? (
        <div className="flex flex-wrap items-center justify-between gap-3">
          <FormMessage tone="info">{t("desk.claimMine", { time: until })}</FormMessage>
          <Form method="post">
            <input type="hidden" name="intent" value="release" />
            <button type="submit" className="btn-outline">
              {t("desk.release")}
            </button>
          </Form>
        </div>
      ) : (
        <FormMessage>{t("desk.claimOther", { name: view.claim.operatorName, time: until })}</FormMessage>
      )}
      {view.questionPending && (
        <div
          role="alert"
          data-testid="desk-honesty"
          className="rounded-lg border border-warning/40 bg-warning/10 p-3 text-sm font-semibold"
        >
          {t("desk.honestyWarning")}
        </div>
      )}
      <div className="grid gap-6 lg:grid-cols-[1fr_20rem]">
        <div className="space-y-4">
          <Panel title={t("desk.historyHeading")} id="desk-history">
            <DeskMessages messages={view.messages} member={view.member.name} profile={view.fictional.name} />
          </Panel>
          {view.claim.mine && (
            <AnswerForm
              key={clientId}
              clientId={clientId}
              profile={view.fictional.name}
              language={view.memberLocale}
              prefill={view.questionPending ? view.honestAnswer : ""}
              maxLength={view.maxLength}
              reply={reply?.intent === "answer" ? reply : undefined}
            />
          )}
        </div>
        <div className="space-y-4">
          <DeskFacts heading={t("desk.memberHeading")} facts={view.member} />
          <DeskFacts heading={t("desk.profileHeading")} note={t("desk.profileConsistent")} facts={view.fictional} />
          <FlagForm reply={reply?.intent === "flag" ? reply : undefined} />
        </div>
      </div>
    </AdminPage>
  );
}

function AnswerForm(props: {
  clientId: string;
  profile: string;
  language: string;
  prefill: string;
  maxLength: number;
  reply: Reply | undefined;
}) {
  const { t } = useTranslation("admin");
  const language = useLanguageName(props.language);
  const [form, fields] = useForm({
    id: `desk-answer-${props.clientId}`,
    lastResult: props.reply?.done ? undefined : props.reply?.result,
    defaultValue: { text: props.prefill },
    constraint: getZodConstraint(deskAnswerSchema),
    // Checked on sending only: a refusal shown under the box must not vanish (and move the button) as the box loses focus.
    onValidate: ({ formData }) => parseWithZod(formData, { schema: deskAnswerSchema }),
  });
  return (
    <Form method="post" className="card space-y-3 p-4" {...getFormProps(form)}>
      <input type="hidden" name="intent" value="answer" />
      <input type="hidden" name="clientId" value={props.clientId} />
      {props.reply?.done && <FormMessage tone="success">{t("desk.sent")}</FormMessage>}
      <p className="text-sm font-semibold" data-testid="desk-language">
        {t("desk.answerIn", { language })}
      </p>
      <TextareaField
        meta={fields.text}
        label={t("desk.answerLabel", { profile: props.profile })}
        rows={5}
        maxLength={props.maxLength}
      />
      <ErrorList id={form.errorId} errors={form.errors} />
      <SubmitButton className="btn-primary">{t("desk.send")}</SubmitButton>
    </Form>
  );
}

function FlagForm({ reply }: { reply: Reply | undefined }) {
  const { t } = useTranslation("admin");
  const [form, fields] = useForm({
    id: "desk-flag",
    lastResult: reply?.result,
    constraint: getZodConstraint(deskFlagSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: deskFlagSchema }),
  });
  return (
    <Form method="post" className="card space-y-3 p-4" {...getFormProps(form)}>
      <h2 className="font-bold">{t("desk.flagHeading")}</h2>
      {reply?.done && <FormMessage tone="success">{t("desk.flagged")}</FormMessage>}
      <input type="hidden" name="intent" value="flag" />
      <TextareaField meta={fields.note} label={t("desk.flagNote")} rows={3} maxLength={1000} />
      <ErrorList id={form.errorId} errors={form.errors} />
      <SubmitButton className="btn-outline">{t("desk.flag")}</SubmitButton>
    </Form>
  );
}
