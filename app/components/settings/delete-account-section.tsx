// Settings: deleting the account. First the retention offer (the company's
// delete_discount), then the confirmation with the password. The account can
// be reactivated by e-mail for 14 days.
import { getFormProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import { ErrorList, FormMessage, InputField, SubmitButton, TextareaField } from "#app/components/forms/fields.tsx";
import { deleteAccountSchema } from "#app/schemas/account.ts";
import { replyFor, type SettingsReply } from "./reply.ts";
import { Section } from "./section.tsx";

export function DeleteAccountSection({ discount, reply }: { discount: number; reply: SettingsReply | undefined }) {
  const { t } = useTranslation("settings");
  const stayed = replyFor(reply, "stay");
  const own = replyFor(reply, "delete");
  const [step, setStep] = useState<"start" | "offer" | "confirm">(own ? "confirm" : "start");
  const [form, fields] = useForm({
    id: "delete-account",
    lastResult: own?.result,
    constraint: getZodConstraint(deleteAccountSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: deleteAccountSchema }),
  });

  if (stayed?.code) {
    return (
      <Section id="delete" title={t("delete.title")}>
        <FormMessage tone="success">
          {t("delete.stayed", { code: stayed.code, percentage: stayed.percentage })}
        </FormMessage>
      </Section>
    );
  }
  return (
    <Section id="delete" title={t("delete.title")}>
      <p className="text-sm text-muted">{t("delete.intro")}</p>
      {step === "start" && (
        <button
          type="button"
          className="btn-outline mt-4 text-danger"
          onClick={() => setStep(discount > 0 ? "offer" : "confirm")}
        >
          {t("delete.start")}
        </button>
      )}
      {step === "offer" && (
        <div className="mt-4 rounded-xl bg-primary-soft p-4" data-testid="retention-offer">
          <p className="font-semibold">{t("delete.offerTitle", { percentage: discount })}</p>
          <p className="mt-1 text-sm">{t("delete.offerText", { percentage: discount })}</p>
          <div className="mt-3 flex flex-wrap gap-2">
            <Form method="post">
              <input type="hidden" name="intent" value="stay" />
              <SubmitButton className="btn-primary">{t("delete.stay", { percentage: discount })}</SubmitButton>
            </Form>
            <button type="button" className="btn-ghost" onClick={() => setStep("confirm")}>
              {t("delete.continue")}
            </button>
          </div>
        </div>
      )}
      {step === "confirm" && (
        <Form method="post" className="mt-4 space-y-3" {...getFormProps(form)}>
          <input type="hidden" name="intent" value="delete" />
          <TextareaField meta={fields.reason} label={t("delete.reason")} rows={2} maxLength={500} />
          <InputField
            meta={fields.current_password}
            label={t("accounts:fields.currentPassword")}
            type="password"
            autoComplete="current-password"
          />
          <p className="text-sm">{t("delete.warning")}</p>
          <ErrorList id={form.errorId} errors={form.errors} />
          <SubmitButton className="btn bg-danger text-white hover:brightness-95">{t("delete.confirm")}</SubmitButton>
        </Form>
      )}
    </Section>
  );
}
