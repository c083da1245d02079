// The operator notice: before the first paid message to a fictional profile,
// the member reads in plain words that a staff member answers, not the person
// in the photos, and confirms it once for this conversation (the ACM's rule for
// chat sites with fictional profiles). A modal <dialog>, so focus stays in it
// and Escape closes it; what the member typed stays in the send box.
import { Info } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { apiFetch } from "#app/components/runtime/api.ts";

export function OperatorNoticeDialog({
  conversationId,
  name,
  onConfirmed,
  onClose,
}: {
  conversationId: number;
  name: string;
  onConfirmed: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation("chat");
  const dialog = useRef<HTMLDialogElement>(null);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
  }, []);

  const confirm = async () => {
    setBusy(true);
    setFailed(false);
    const response = await apiFetch(
      "/api/chat/operator-notice",
      {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ conversation: conversationId }),
      },
      { quiet: true },
    ).catch(() => null);
    setBusy(false);
    if (!response?.ok) {
      setFailed(true);
      return;
    }
    onConfirmed();
    dialog.current?.close();
  };

  return (
    <dialog
      ref={dialog}
      onClose={onClose}
      aria-labelledby="operator-notice-title"
      aria-describedby="operator-notice-text"
      className="m-auto w-[min(32rem,calc(100%-2rem))] rounded-(--radius-card) bg-card p-6 backdrop:bg-ink/60"
      data-testid="operator-notice"
    >
      <h2 id="operator-notice-title" className="flex items-center gap-2 text-xl font-bold">
        <Info className="size-5 shrink-0 text-primary" aria-hidden="true" />
        {t("operatorNotice.title")}
      </h2>
      <p id="operator-notice-text" className="mt-3">
        {t("operatorNotice.text", { name })}
      </p>
      {failed && (
        <p role="alert" className="mt-3 text-sm font-semibold text-danger">
          {t("operatorNotice.failed")}
        </p>
      )}
      <div className="mt-5 flex flex-wrap justify-end gap-2">
        <button type="button" className="btn-ghost" onClick={() => dialog.current?.close()}>
          {t("operatorNotice.cancel")}
        </button>
        <button
          type="button"
          className="btn-primary"
          disabled={busy}
          onClick={() => void confirm()}
          data-testid="operator-notice-confirm"
        >
          {t("operatorNotice.confirm")}
        </button>
      </div>
    </dialog>
  );
}
