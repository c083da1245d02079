// The member's private note about another member, on that member's profile
// and (folded away, so it never crowds the messages) above the conversation
// with them. It saves through the profile's action, wherever it is shown.
import { getFormProps, type SubmissionResult, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "react-i18next";
import { useFetcher } from "react-router";
import { ErrorList, SubmitButton, TextareaField } from "#app/components/forms/fields.tsx";
import { NOTE_MAX_LENGTH, profileNoteSchema } from "#app/schemas/profile-notes.ts";

type NoteReply = { result?: SubmissionResult<string[]>; saved?: boolean; text?: string };

export function ProfileNote({
  memberId,
  name,
  note,
  reply,
  compact = false,
  className = "",
}: {
  memberId: number;
  name: string;
  note: string;
  /** The route's answer to a note posted as a whole page (no JavaScript). */
  reply?: unknown;
  /** Folded into one line until opened: the chat screen. */
  compact?: boolean;
  className?: string;
}) {
  const { t } = useTranslation("members");
  const fetcher = useFetcher<NoteReply>();
  const answer = fetcher.data ?? (reply as NoteReply | undefined);
  const [form, fields] = useForm({
    id: `profile-note-${memberId}`,
    lastResult: answer?.result,
    defaultValue: { note },
    constraint: getZodConstraint(profileNoteSchema),
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: profileNoteSchema }),
  });
  const saved = fetcher.state === "idle" && answer?.saved === true;
  const title = t("notes.title", { name });
  const body = (
    <fetcher.Form method="post" action={`/members/${memberId}`} className="space-y-2" {...getFormProps(form)}>
      <input type="hidden" name="intent" value="note" />
      <TextareaField
        meta={fields.note}
        label={<span className={compact ? "sr-only" : undefined}>{t("notes.label", { name })}</span>}
        rows={compact ? 3 : 4}
        maxLength={NOTE_MAX_LENGTH}
      />
      <ErrorList id={form.errorId} errors={form.errors} />
      <div className="flex flex-wrap items-center gap-3">
        <SubmitButton className="btn-outline" busy={fetcher.state !== "idle"}>
          {t("notes.save")}
        </SubmitButton>
        <p className="text-xs text-muted">{t("notes.hint", { max: NOTE_MAX_LENGTH })}</p>
        {saved && (
          <p role="status" className="text-sm font-semibold text-success">
            {answer?.text ? t("notes.saved") : t("notes.deleted")}
          </p>
        )}
      </div>
    </fetcher.Form>
  );
  if (compact) {
    return (
      <details
        className={`shrink-0 border-b border-line bg-card px-3 py-2 text-sm ${className}`}
        data-testid="profile-note"
      >
        <summary className="cursor-pointer truncate font-semibold">
          {title}
          {note && <span className="ms-2 font-normal text-muted">{t("notes.hasNote")}</span>}
        </summary>
        <div className="pt-2">{body}</div>
      </details>
    );
  }
  return (
    <section
      className={`card p-4 ${className}`}
      aria-labelledby={`profile-note-title-${memberId}`}
      data-testid="profile-note"
    >
      <h2 id={`profile-note-title-${memberId}`} className="mb-2 text-lg font-bold">
        {title}
      </h2>
      {body}
    </section>
  );
}
