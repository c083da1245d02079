// The refusal of an action posted as a document (no JavaScript, or a stale
// page): fetchers show their own errors, but a full-page POST only has the
// route's actionData, so the page says what went wrong here.
import { useTranslation } from "react-i18next";
import { FormMessage } from "./fields.tsx";

/** `{ message }` from a refused action, or a Conform reply with errors for a form the page does not show. */
export function ActionError({ actionData, className = "" }: { actionData: unknown; className?: string }) {
  const { t } = useTranslation();
  const reply = (actionData ?? {}) as { message?: unknown; result?: { status?: string } };
  const message =
    typeof reply.message === "string"
      ? reply.message
      : reply.result?.status === "error"
        ? t("errors:invalidInput")
        : null;
  if (!message) return null;
  return (
    <div className={className}>
      <FormMessage>{message}</FormMessage>
    </div>
  );
}
