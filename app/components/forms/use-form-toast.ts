// The outcome of a form the member posted, as a toast: on a phone the end of a
// long form (where its summary sits) is often off screen, the toast is not.
// A success in the words the page chooses; a refusal in the form's own summary
// (the server's reason, or "check the fields"), else in its one refused field's
// words. Field errors stay beside their fields; the toast only says that the
// form did not go through.
import type { SubmissionResult } from "@conform-to/react";
import { useTranslation } from "react-i18next";
import { useToastFor } from "#app/components/layout/toast-host.tsx";

type FormReply = { result?: SubmissionResult<string[]>; message?: unknown };

export function useFormToast<T extends object>(reply: T | undefined, success: (reply: T) => string | null | undefined) {
  const { t } = useTranslation();
  useToastFor(reply, (answer) => {
    const { result, message } = answer as FormReply;
    if (typeof message === "string" && message) return { tone: "danger", text: message };
    if (result?.status === "error") {
      const errors = result.error ?? {};
      const summary = errors[""]?.[0] ?? Object.values(errors).find((list) => list?.length)?.[0];
      return { tone: "danger", text: t(summary ?? "errors:invalidInput") };
    }
    const text = success(answer);
    return text ? { tone: "success", text } : null;
  });
}
