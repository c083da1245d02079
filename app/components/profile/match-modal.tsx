// The match ("new like") modal: a click anywhere closes it, except on
// the picture and the button, which opens the chat with the match. Escape
// closes it too. A match with a fictional profile carries its badge, and
// where nobody answers for it the chat button says why it is off.
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { StartChatButton } from "#app/components/chat/start-chat-button.tsx";
import { FictionalBadge } from "#app/components/members/fictional-badge.tsx";

export function MatchModal({
  name,
  photo,
  memberId,
  title,
  action,
  fictional = false,
  unavailable,
  onClose,
}: {
  name: string;
  photo: string | null;
  memberId: number;
  title: string;
  action: string;
  fictional?: boolean;
  /** Why the chat cannot start now (a fictional profile nobody answers), if so. */
  unavailable?: string | null;
  onClose: () => void;
}) {
  const { t } = useTranslation("members");
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    dialog.current?.showModal();
  }, []);
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the click closes; Escape (the dialog's cancel) does the same for keyboards
    <dialog
      ref={dialog}
      aria-labelledby="match-title"
      className="m-auto w-[min(24rem,calc(100%-2rem))] rounded-(--radius-card) bg-gradient-to-br from-primary to-secondary p-6 text-center text-white backdrop:bg-ink/70"
      onClose={onClose}
      onClick={(event) => {
        // Clicks on the picture and the button keep it open.
        if (!(event.target as Element).closest("[data-keep-open]")) dialog.current?.close();
      }}
      data-testid="match-modal"
    >
      <h2 id="match-title" className="text-2xl font-black">
        {title}
      </h2>
      <div
        className="mx-auto my-5 size-40 overflow-hidden rounded-full border-4 border-white"
        data-keep-open
        data-testid="match-photo"
      >
        {photo ? (
          <img src={photo} alt={t("photoOf", { name })} width={160} height={160} className="size-full object-cover" />
        ) : (
          <span className="flex size-full items-center justify-center bg-white/20 text-5xl font-black">
            {name.slice(0, 1)}
          </span>
        )}
      </div>
      {fictional && <FictionalBadge className="mb-3" />}
      <p className="mb-5">{t("match.text", { name })}</p>
      <StartChatButton
        memberId={memberId}
        className="btn bg-white text-primary hover:bg-primary-soft"
        data-keep-open
        data-testid="match-action"
        unavailable={unavailable}
      >
        {action}
      </StartChatButton>
      <p className="mt-4 text-xs text-white/80">{t("match.close")}</p>
    </dialog>
  );
}
