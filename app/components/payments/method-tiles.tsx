// The payment methods a country offers as selectable tiles: radio buttons
// under the hood, so arrow keys, labels and forms work as they always do; and
// the same methods as a plain list on the credits page. Long names
// ("Bankoverschrijving", "Automatische incasso", "Lastschrift") wrap and
// hyphenate inside a tile on a 320 px phone instead of spilling out of it.
import { type FieldMetadata, getCollectionProps } from "@conform-to/react";
import { useTranslation } from "react-i18next";
import { ErrorList } from "#app/components/forms/fields.tsx";
import { MethodIcon } from "./method-icon.tsx";

export function MethodTiles({
  meta,
  methods,
  legend,
}: {
  meta: FieldMetadata<string, Record<string, unknown>, string[]>;
  methods: string[];
  legend: string;
}) {
  const { t } = useTranslation("payments");
  return (
    <fieldset aria-describedby={meta.errors ? meta.errorId : undefined}>
      <legend className="mb-3 text-lg font-bold">{legend}</legend>
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-3">
        {getCollectionProps(meta, { type: "radio", options: methods }).map(({ key, ...props }) => (
          <label
            key={key}
            className="flex min-h-24 min-w-0 cursor-pointer flex-col items-center justify-center gap-2 rounded-xl border-2 border-line bg-card p-3 text-center text-sm font-semibold transition-colors hover:border-primary/60 has-checked:border-primary has-checked:bg-primary-soft has-checked:text-primary has-focus-visible:outline-3 has-focus-visible:outline-primary/60"
            data-testid={`method-${props.value}`}
          >
            <input {...props} className="sr-only" />
            <MethodIcon method={props.value ?? ""} className="size-7" />
            <span className="w-full min-w-0 hyphens-auto break-words">{t(`methods.${props.value}`)}</span>
          </label>
        ))}
      </div>
      <ErrorList id={meta.errorId} errors={meta.errors} />
    </fieldset>
  );
}

/** The ways to pay, named, before a package is chosen. */
export function MethodList({ methods, className = "" }: { methods: string[]; className?: string }) {
  const { t } = useTranslation("payments");
  if (methods.length === 0) return null;
  return (
    <section className={className} aria-labelledby="payment-methods" data-testid="payment-methods">
      <h2 id="payment-methods" className="mb-3 text-lg font-bold">
        {t("credits.methodsTitle")}
      </h2>
      <ul className="flex flex-wrap gap-2">
        {methods.map((method) => (
          <li
            key={method}
            className="flex min-w-0 max-w-full items-center gap-2 rounded-lg border border-line bg-card px-3 py-2 text-sm font-semibold"
          >
            <MethodIcon method={method} className="size-5 shrink-0 text-primary" />
            <span className="min-w-0 hyphens-auto break-words">{t(`methods.${method}`)}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
