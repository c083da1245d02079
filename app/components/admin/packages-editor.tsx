// Credit packages of a domain (prices per country, D1): its own packages, each
// editable in its row, a form to add one, and the defaults ("*") that apply in
// countries where the domain has none of its own.
import type { SubmissionResult } from "@conform-to/react";
import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import { ErrorList, FormMessage } from "#app/components/forms/fields.tsx";
import { formatMoney } from "#app/i18n/format.ts";
import { useLocale } from "#app/i18n/use-locale.ts";
import { cell, DataTable, Panel } from "./page.tsx";

export type PackageReply = {
  packageSaved?: boolean;
  packageId?: number | null;
  packageResult?: SubmissionResult<string[]>;
  result?: SubmissionResult<string[]>;
};

interface Package {
  id: number;
  domain: string;
  country: string;
  currency: string;
  credits: number;
  priceCents: number;
  style: "p0" | "p1" | "p2" | "p3";
  popular: boolean;
  active: boolean;
}

const styles = ["p0", "p1", "p2", "p3"] as const;
const small = "block min-h-9 w-full rounded-lg border border-line bg-white px-2 text-sm";

export function PackagesEditor({
  domain,
  packages,
  reply,
}: {
  domain: string;
  packages: Package[];
  reply: PackageReply | undefined;
}) {
  const { t } = useTranslation("admin");
  const locale = useLocale();
  const own = packages.filter((p) => p.domain === domain);
  const defaults = packages.filter((p) => p.domain !== domain);
  const errors = Object.values(reply?.packageResult?.error ?? reply?.result?.error ?? {})
    .flat()
    .filter((e): e is string => typeof e === "string");
  const head = [
    t("packages.country"),
    t("packages.currency"),
    t("packages.credits"),
    t("packages.price"),
    t("packages.style"),
    t("packages.popular"),
    t("packages.active"),
    "",
  ];
  return (
    <Panel title={t("packages.title")} id="packages-title">
      <p className="mb-3 text-sm text-muted">{t("packages.hint")}</p>
      {reply?.packageSaved && <FormMessage tone="success">{t("packages.saved")}</FormMessage>}
      {errors.length > 0 && <ErrorList errors={errors} />}
      <DataTable caption={t("packages.title")} head={head}>
        {own.map((p) => (
          <PackageRow key={p.id} pkg={p} />
        ))}
        <PackageRow />
      </DataTable>
      {defaults.length > 0 && (
        <details className="mt-4">
          <summary className="cursor-pointer text-sm font-semibold">{t("packages.defaults")}</summary>
          <ul className="mt-2 grid gap-1 text-sm sm:grid-cols-2 lg:grid-cols-3">
            {defaults.map((p) => (
              <li key={p.id}>
                {p.country}: {p.credits} × {formatMoney(p.priceCents, p.currency, locale)} ({p.style}
                {p.popular ? `, ${t("packages.popular")}` : ""}
                {p.active ? "" : `, ${t("packages.inactive")}`})
              </li>
            ))}
          </ul>
        </details>
      )}
    </Panel>
  );
}

function PackageRow({ pkg }: { pkg?: Package }) {
  const { t } = useTranslation("admin");
  const form = `package-${pkg?.id ?? "new"}`;
  const label = (what: string) => `${t(`packages.${what}`)} ${pkg ? `#${pkg.id}` : t("packages.new")}`;
  return (
    <tr>
      <td className={cell}>
        <Form method="post" id={form}>
          <input type="hidden" name="intent" value="package" />
          {pkg && <input type="hidden" name="id" value={pkg.id} />}
        </Form>
        <input
          form={form}
          name="country"
          aria-label={label("country")}
          defaultValue={pkg?.country ?? ""}
          maxLength={2}
          className={`${small} w-16 uppercase`}
          required
        />
      </td>
      <td className={cell}>
        <input
          form={form}
          name="currency"
          aria-label={label("currency")}
          defaultValue={pkg?.currency ?? "EUR"}
          maxLength={3}
          className={`${small} w-20 uppercase`}
          required
        />
      </td>
      <td className={cell}>
        <input
          form={form}
          name="credits"
          type="number"
          min={1}
          aria-label={label("credits")}
          defaultValue={pkg?.credits}
          className={`${small} w-24`}
          required
        />
      </td>
      <td className={cell}>
        <input
          form={form}
          name="price"
          type="number"
          step="0.01"
          min="0.01"
          aria-label={label("price")}
          defaultValue={pkg ? (pkg.priceCents / 100).toFixed(2) : undefined}
          className={`${small} w-28`}
          required
        />
      </td>
      <td className={cell}>
        <select
          form={form}
          name="style"
          aria-label={label("style")}
          defaultValue={pkg?.style ?? "p0"}
          className={`${small} w-20`}
        >
          {styles.map((s) => (
            <option key={s} value={s}>
              {s}
            </option>
          ))}
        </select>
      </td>
      <td className={cell}>
        <input
          form={form}
          name="popular"
          type="checkbox"
          aria-label={label("popular")}
          defaultChecked={pkg?.popular ?? false}
        />
      </td>
      <td className={cell}>
        <input
          form={form}
          name="active"
          type="checkbox"
          aria-label={label("active")}
          defaultChecked={pkg?.active ?? true}
        />
      </td>
      <td className={cell}>
        <button type="submit" form={form} className="btn-outline min-h-9 px-3">
          {pkg ? t("packages.save") : t("packages.add")}
        </button>
      </td>
    </tr>
  );
}
