// The refusal of an action posted as a document (no JavaScript, or a stale
// page): fetchers show their own errors, but a full-page POST only has the
// route's actionData, so the page says what went wrong here.
import { FormMessage } from "./fields.tsx";

export function ActionError({ actionData, className = "" }: { actionData: unknown; className?: string }) {
  const message =
    actionData && typeof actionData === "object" && "message" in actionData && typeof actionData.message === "string"
      ? actionData.message
      : null;
  if (!message) return null;
  return (
    <div className={className}>
      <FormMessage>{message}</FormMessage>
    </div>
  );
}
