// The fields every restricting form in the console adds: the ground (a law or
// the terms), the clause, and the facts. They become the statement of reasons
// the member is mailed and finds under "Messages from the team".
import type { FieldMetadata } from "@conform-to/react";
import { useTranslation } from "react-i18next";
import { InputField, SelectField, TextareaField } from "#app/components/forms/fields.tsx";
import { decisionGrounds } from "#app/schemas/enums.ts";

type Meta = FieldMetadata<string | undefined>;

export function ReasonsFields({ fields }: { fields: { ground: Meta; clause: Meta; facts: Meta } }) {
  const { t } = useTranslation("admin");
  return (
    <fieldset className="space-y-3 rounded border border-line p-3">
      <legend className="px-1 text-xs font-semibold uppercase text-muted">{t("reasons.legend")}</legend>
      <SelectField
        meta={fields.ground}
        label={t("reasons.ground")}
        placeholder={t("reasons.choose")}
        options={decisionGrounds.map((ground) => ({ value: ground, label: t(`reasons.grounds.${ground}`) }))}
      />
      <InputField meta={fields.clause} label={t("reasons.clause")} hint={t("reasons.clauseHint")} />
      <TextareaField meta={fields.facts} label={t("reasons.facts")} rows={3} maxLength={2000} />
    </fieldset>
  );
}
