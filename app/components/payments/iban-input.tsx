// An IBAN field that groups what is typed in fours ("NL91 ABNA 0417 1643 00"),
// keeping the caret after the same character; the schema ignores the spaces.
import { type FieldMetadata, getInputProps } from "@conform-to/react";
import type { FormEvent } from "react";
import { Field } from "#app/components/forms/fields.tsx";

const groupIban = (value: string) =>
  value
    .replace(/[^0-9a-z]/gi, "")
    .toUpperCase()
    .replace(/(.{4})(?=.)/g, "$1 ");

function regroup(event: FormEvent<HTMLInputElement>) {
  const input = event.currentTarget;
  const caret = input.selectionStart ?? input.value.length;
  const before = input.value.slice(0, caret).replace(/[^0-9a-z]/gi, "").length;
  const grouped = groupIban(input.value);
  if (grouped === input.value) return;
  input.value = grouped;
  // The caret goes after the same number of letters and digits as before.
  let position = 0;
  for (let seen = 0; position < grouped.length && seen < before; position++) {
    if (grouped[position] !== " ") seen++;
  }
  input.setSelectionRange(position, position);
}

export function IbanInput({
  meta,
  label,
}: {
  meta: FieldMetadata<unknown, Record<string, unknown>, string[]>;
  label: string;
}) {
  return (
    <Field meta={meta} label={label}>
      <input
        {...getInputProps(meta, { type: "text" })}
        key={meta.key}
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        inputMode="text"
        placeholder="NL00 BANK 0123 4567 89"
        onInput={regroup}
        className="field-input font-mono tracking-wide aria-[invalid]:border-danger"
      />
    </Field>
  );
}
