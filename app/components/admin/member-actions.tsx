// What an operator may do to a member, each its own form (intent), shown only
// when the operator's role allows it; each answers with its own message.
import { getFormProps, type SubmissionResult, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import { ReasonsFields } from "#app/components/decisions/reasons-fields.tsx";
import { ErrorList, FormMessage, InputField, SubmitButton } from "#app/components/forms/fields.tsx";
import { creditAdjustmentSchema, deleteMemberSchema } from "#app/schemas/admin.ts";
import { banWithReasonsSchema, textRejectionSchema } from "#app/schemas/decisions.ts";
import { Panel } from "./page.tsx";

export type MemberReply = {
  intent?: string;
  done?: boolean;
  credits?: number;
  result?: SubmissionResult<string[]>;
};

interface Props {
  member: { id: number; status: string; credits: number; directDebitBlocked: boolean; hasAbout: boolean };
  allowed: {
    credits: boolean;
    activation: boolean;
    logout: boolean;
    delete: boolean;
    ban: boolean;
    directDebit: boolean;
  };
  creditsKey: string;
  reply: MemberReply | undefined;
}

const replyFor = (reply: MemberReply | undefined, intent: string) => (reply?.intent === intent ? reply : undefined);

export function MemberActions({ member, allowed, creditsKey, reply }: Props) {
  const { t } = useTranslation("admin");
  const any = Object.values(allowed).some(Boolean);
  if (!any) return null;
  return (
    <Panel title={t("members.actions")} id="member-actions">
      <div className="grid gap-6 md:grid-cols-2">
        {allowed.credits && <CreditsForm creditsKey={creditsKey} reply={replyFor(reply, "credits")} />}
        {allowed.ban && member.status !== "deleted" && (
          <BanForm
            banned={member.status === "banned"}
            reply={replyFor(reply, member.status === "banned" ? "unban" : "ban")}
          />
        )}
        {allowed.ban && member.hasAbout && <TextRejectionForm reply={replyFor(reply, "text")} />}
        <div className="space-y-3">
          {allowed.activation && member.status === "not_confirmed" && (
            <ButtonForm
              intent="activation"
              label={t("members.resendActivation")}
              reply={reply}
              done={t("members.activationSent")}
            />
          )}
          {allowed.logout && (
            <ButtonForm intent="logout" label={t("members.forceLogout")} reply={reply} done={t("members.loggedOut")} />
          )}
          {allowed.directDebit && (member.directDebitBlocked || replyFor(reply, "directdebit")) && (
            <ButtonForm
              intent="directdebit"
              label={t("members.liftDirectDebitBlock")}
              reply={reply}
              done={t("members.directDebitBlockLifted")}
            />
          )}
        </div>
        {allowed.delete && member.status !== "deleted" && <DeleteForm reply={replyFor(reply, "delete")} />}
      </div>
    </Panel>
  );
}

function Outcome({ reply, children }: { reply: MemberReply | undefined; children: ReactNode }) {
  return reply?.done ? <FormMessage tone="success">{children}</FormMessage> : null;
}

function CreditsForm({ creditsKey, reply }: { creditsKey: string; reply: MemberReply | undefined }) {
  const { t } = useTranslation("admin");
  const [form, fields] = useForm({
    id: "adjust-credits",
    lastResult: reply?.result,
    constraint: getZodConstraint(creditAdjustmentSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: creditAdjustmentSchema }),
  });
  return (
    <Form method="post" className="space-y-3" {...getFormProps(form)}>
      <h3 className="font-semibold">{t("members.adjustCredits")}</h3>
      <p className="text-xs text-muted">{t("members.adjustHint")}</p>
      <input type="hidden" name="intent" value="credits" />
      <input type="hidden" name="key" value={creditsKey} />
      <InputField meta={fields.amount} label={t("members.amount")} type="number" />
      <InputField meta={fields.reason} label={t("members.reason")} />
      <ErrorList id={form.errorId} errors={form.errors} />
      <Outcome reply={reply}>{t("members.creditsAdjusted", { credits: reply?.credits ?? 0 })}</Outcome>
      <SubmitButton className="btn-primary">{t("members.adjust")}</SubmitButton>
    </Form>
  );
}

function BanForm({ banned, reply }: { banned: boolean; reply: MemberReply | undefined }) {
  const { t } = useTranslation("admin");
  const [form, fields] = useForm({
    id: "ban-member",
    lastResult: reply?.result,
    constraint: getZodConstraint(banWithReasonsSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: banWithReasonsSchema }),
  });
  if (banned) {
    return (
      <Form method="post" className="space-y-3">
        <h3 className="font-semibold">{t("members.unbanTitle")}</h3>
        <input type="hidden" name="intent" value="unban" />
        <Outcome reply={reply}>{t("members.unbanned")}</Outcome>
        <SubmitButton className="btn-outline">{t("members.unban")}</SubmitButton>
      </Form>
    );
  }
  return (
    <Form method="post" className="space-y-3" {...getFormProps(form)}>
      <h3 className="font-semibold">{t("members.banTitle")}</h3>
      <p className="text-xs text-muted">{t("members.banHint")}</p>
      <input type="hidden" name="intent" value="ban" />
      <InputField meta={fields.reason} label={t("members.banReason")} />
      <ReasonsFields fields={fields} />
      <ErrorList id={form.errorId} errors={form.errors} />
      <Outcome reply={reply}>{t("members.bannedDone")}</Outcome>
      <SubmitButton className="btn-primary">{t("members.ban")}</SubmitButton>
    </Form>
  );
}

/** Removes the profile's "about" text, with the statement of reasons the member is mailed. */
function TextRejectionForm({ reply }: { reply: MemberReply | undefined }) {
  const { t } = useTranslation("admin");
  const [form, fields] = useForm({
    id: "reject-text",
    lastResult: reply?.result,
    constraint: getZodConstraint(textRejectionSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: textRejectionSchema }),
  });
  return (
    <Form method="post" className="space-y-3" {...getFormProps(form)}>
      <h3 className="font-semibold">{t("reasons.textTitle")}</h3>
      <input type="hidden" name="intent" value="text" />
      <ReasonsFields fields={fields} />
      <ErrorList id={form.errorId} errors={form.errors} />
      <Outcome reply={reply}>{t("reasons.textRemoved")}</Outcome>
      <SubmitButton className="btn-primary">{t("reasons.textRemove")}</SubmitButton>
    </Form>
  );
}

function ButtonForm({
  intent,
  label,
  done,
  reply,
}: {
  intent: string;
  label: string;
  done: string;
  reply: MemberReply | undefined;
}) {
  const mine = replyFor(reply, intent);
  return (
    <Form method="post" className="space-y-2">
      <input type="hidden" name="intent" value={intent} />
      <ErrorList errors={mine?.result?.error?.[""] ?? undefined} />
      <Outcome reply={mine}>{done}</Outcome>
      <SubmitButton className="btn-outline w-full">{label}</SubmitButton>
    </Form>
  );
}

function DeleteForm({ reply }: { reply: MemberReply | undefined }) {
  const { t } = useTranslation("admin");
  const [form, fields] = useForm({
    id: "delete-member",
    lastResult: reply?.result,
    constraint: getZodConstraint(deleteMemberSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: deleteMemberSchema }),
  });
  return (
    <Form method="post" className="space-y-3" {...getFormProps(form)}>
      <h3 className="font-semibold">{t("members.deleteTitle")}</h3>
      <p className="text-xs text-muted">{t("members.deleteHint")}</p>
      <input type="hidden" name="intent" value="delete" />
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" name={fields.confirm.name} id={fields.confirm.id} />
        {t("members.deleteConfirm")}
      </label>
      <ErrorList id={fields.confirm.errorId} errors={fields.confirm.errors} />
      <ErrorList id={form.errorId} errors={form.errors} />
      <SubmitButton className="btn-outline border-danger text-danger">{t("members.delete")}</SubmitButton>
    </Form>
  );
}
