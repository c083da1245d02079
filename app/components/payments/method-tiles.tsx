// The payment methods a country offers as selectable tiles: radio buttons
// under the hood, so arrow keys, labels and forms work as they always do.
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
            className="flex min-h-24 cursor-pointer flex-col items-center justify-center gap-2 rounded-xl border-2 border-line bg-card p-3 text-center text-sm font-semibold transition-colors hover:border-primary/60 has-checked:border-primary has-checked:bg-primary-soft has-checked:text-primary has-focus-visible:outline-3 has-focus-visible:outline-primary/60"
            data-testid={`method-${props.value}`}
          >
            <input {...props} className="sr-only" />
            <MethodIcon method={props.value ?? ""} className="size-7" />
            <span>{t(`methods.${props.value}`)}</span>
          </label>
        ))}
      </div>
      <ErrorList id={meta.errorId} errors={meta.errors} />
    </fieldset>
  );
}
