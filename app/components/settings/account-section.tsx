// Settings: change the e-mail address (confirmed by mail) and the password.
import { getFormProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import { ErrorList, FormMessage, InputField, SubmitButton } from "#app/components/forms/fields.tsx";
import { changeEmailSchema, changePasswordSchema } from "#app/schemas/account.ts";
import { replyFor, type SettingsReply } from "./reply.ts";
import { Section } from "./section.tsx";

export function AccountSection({ email, reply }: { email: string; reply: SettingsReply | undefined }) {
  const { t } = useTranslation("settings");
  const emailReply = replyFor(reply, "email");
  const passwordReply = replyFor(reply, "password");
  const [emailForm, emailFields] = useForm({
    id: "change-email",
    lastResult: emailReply?.result,
    constraint: getZodConstraint(changeEmailSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: changeEmailSchema }),
  });
  const [passwordForm, passwordFields] = useForm({
    id: "change-password",
    lastResult: passwordReply?.result,
    constraint: getZodConstraint(changePasswordSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: changePasswordSchema }),
    shouldRevalidate: "onInput",
  });
  return (
    <Section id="account" title={t("account.title")}>
      <p className="mb-4 text-sm">
        {t("account.currentEmail")} <strong>{email}</strong>
      </p>
      <div className="grid gap-6 md:grid-cols-2">
        <Form method="post" className="space-y-3" {...getFormProps(emailForm)}>
          <h3 className="font-semibold">{t("account.changeEmail")}</h3>
          <input type="hidden" name="intent" value="email" />
          <InputField
            meta={emailFields.email}
            label={t("accounts:fields.newEmail")}
            type="email"
            autoComplete="email"
          />
          <InputField
            meta={emailFields.current_password}
            label={t("accounts:fields.currentPassword")}
            type="password"
            autoComplete="current-password"
          />
          <ErrorList id={emailForm.errorId} errors={emailForm.errors} />
          {emailReply?.sentTo && (
            <FormMessage tone="success">{t("account.emailSent", { email: emailReply.sentTo })}</FormMessage>
          )}
          <SubmitButton className="btn-outline">{t("account.saveEmail")}</SubmitButton>
        </Form>
        <Form method="post" className="space-y-3" {...getFormProps(passwordForm)}>
          <h3 className="font-semibold">{t("account.changePassword")}</h3>
          <input type="hidden" name="intent" value="password" />
          <InputField
            meta={passwordFields.current_password}
            label={t("accounts:fields.currentPassword")}
            type="password"
            autoComplete="current-password"
          />
          <InputField
            meta={passwordFields.password}
            label={t("accounts:fields.newPassword")}
            type="password"
            autoComplete="new-password"
          />
          <InputField
            meta={passwordFields.password_repeat}
            label={t("accounts:fields.repeatPassword")}
            type="password"
            autoComplete="new-password"
          />
          <ErrorList id={passwordForm.errorId} errors={passwordForm.errors} />
          {passwordReply?.saved && <FormMessage tone="success">{t("account.passwordSaved")}</FormMessage>}
          <SubmitButton className="btn-outline">{t("account.savePassword")}</SubmitButton>
        </Form>
      </div>
    </Section>
  );
}
