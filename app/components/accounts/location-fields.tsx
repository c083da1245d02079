// Country and region selects; the region list follows the chosen country.
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { type AnyField, SelectField } from "#app/components/forms/fields.tsx";
import { countryName } from "#app/i18n/format.ts";
import { useLocale } from "#app/i18n/use-locale.ts";

export interface RegionOption {
  id: number;
  country: string;
  name: string;
}

export function LocationFields({
  country,
  region,
  countries,
  regions,
}: {
  country: AnyField;
  region: AnyField;
  countries: readonly string[];
  regions: readonly RegionOption[];
}) {
  const { t } = useTranslation("accounts");
  const locale = useLocale();
  const [chosen, setChosen] = useState(String(country.initialValue ?? country.value ?? ""));
  return (
    <div
      className="grid gap-3 sm:grid-cols-2"
      onChange={(e) => {
        const target = e.target as unknown as HTMLSelectElement;
        if (target.name === country.name) setChosen(target.value);
      }}
    >
      <SelectField
        meta={country}
        label={t("fields.country")}
        options={countries.map((c) => ({ value: c, label: countryName(c, locale) }))}
      />
      <SelectField
        meta={region}
        label={t("fields.region")}
        placeholder={t("fields.noRegion")}
        options={regions.filter((r) => r.country === chosen).map((r) => ({ value: String(r.id), label: r.name }))}
      />
    </div>
  );
}
