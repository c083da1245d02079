// The confirm-e-mail reminder: a short banner in the banner slot (with
// sending the mail again as its action), and a modal (on every width) when the
// member just finished signing up, with the address, the check-spam hint and
// how many conversations a free member can start.
import { MailCheck } from "lucide-react";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { useFetcher } from "react-router";
import { Banner, useBannerDismissal } from "#app/components/layout/banner.tsx";

export function ResendActivation() {
  const { t } = useTranslation("accounts");
  const fetcher = useFetcher<{ sent?: boolean; message?: string }>();
  if (fetcher.data?.sent)
    return (
      <p className="text-sm font-semibold text-success" role="status">
        {t("reminder.sent")}
      </p>
    );
  return (
    <fetcher.Form method="post" action="/activate/resend">
      <button type="submit" className="btn-outline min-h-9 px-4" disabled={fetcher.state !== "idle"}>
        {t("reminder.resend")}
      </button>
      {fetcher.data?.message && (
        <p className="mt-1 text-sm text-danger" role="alert">
          {fetcher.data.message}
        </p>
      )}
    </fetcher.Form>
  );
}

/** What the reminder needs of the member: the address, and the free conversations (null for premium). */
type Unconfirmed = { email: string; freeConversations: number | null };

/** "As a free member you can start up to N conversations", for a free member. */
export function FreeConversationsNote({ max, className }: { max: number | null; className?: string }) {
  const { t } = useTranslation("accounts");
  if (max === null) return null;
  return <p className={className}>{t("freeConversations", { max })}</p>;
}

function ConfirmEmailBox({ email, freeConversations }: Unconfirmed) {
  const { t } = useTranslation("accounts");
  return (
    <div className="flex items-start gap-3">
      <MailCheck className="mt-0.5 size-6 shrink-0 text-primary" aria-hidden="true" />
      <div className="space-y-2 text-sm">
        <p className="font-semibold">{t("reminder.title")}</p>
        <p>{t("reminder.text", { email })}</p>
        <FreeConversationsNote max={freeConversations} />
        <p className="text-muted">{t("reminder.spam")}</p>
        <ResendActivation />
      </div>
    </div>
  );
}

/**
 * The banner until the address is confirmed: the short reminder, and sending
 * the mail again as its action (the modal after signup says the rest).
 */
export function ActivationAlert() {
  const { t } = useTranslation();
  const [dismissed, dismiss] = useBannerDismissal("confirm-address");
  const fetcher = useFetcher<{ sent?: boolean; message?: string }>();
  if (dismissed) return null;
  const text = fetcher.data?.sent ? t("banners.sent") : (fetcher.data?.message ?? t("banners.confirmAddress"));
  return (
    <Banner
      testId="activation-reminder"
      tone="urgent"
      text={text}
      action={{
        label: t("banners.resend"),
        onClick: () => fetcher.submit(null, { method: "post", action: "/activate/resend" }),
        busy: fetcher.state !== "idle",
      }}
      onDismiss={dismiss}
    />
  );
}

/**
 * Shown once right after signup, on every width: the whole reminder (the
 * address, the free conversations, the spam folder), which the one-line banner
 * has no room for. Its content is in the page from the server on, hidden while
 * the dialog is closed.
 */
export function ActivationModal(member: Unconfirmed) {
  const { t } = useTranslation("accounts");
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    dialog.current?.showModal();
  }, []);
  return (
    <dialog
      ref={dialog}
      className="m-auto w-[min(28rem,calc(100%-2rem))] rounded-(--radius-card) p-6 backdrop:bg-ink/60"
      aria-labelledby="activation-modal-title"
      data-testid="activation-modal"
    >
      <h2 id="activation-modal-title" className="sr-only">
        {t("reminder.title")}
      </h2>
      <ConfirmEmailBox {...member} />
      <form method="dialog" className="mt-4 text-right">
        <button type="submit" className="btn-primary">
          {t("reminder.ok")}
        </button>
      </form>
    </dialog>
  );
}
