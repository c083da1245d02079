// The match: the whole screen on a phone, a large dialog on a desktop. Both
// faces side by side (the member's own main photo from the frame's member
// summary, a letter where there is none), a title that celebrates, and two
// ways on: "Send a message" opens the conversation (the chat button of every
// profile, with its rules: a fictional profile carries its badge, and where
// nobody answers for it the button is off and says why), "Keep browsing" or
// "Keep swiping" closes it. A native modal dialog: focus stays inside it and
// Escape closes it. It pops in, unless the member asked for less motion.
import { Heart } from "lucide-react";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { StartChatButton } from "#app/components/chat/start-chat-button.tsx";
import { useSiteChrome } from "#app/components/layout/use-site-chrome.ts";
import { FictionalBadge } from "#app/components/members/fictional-badge.tsx";

function Face({ photo, name, alt, testId }: { photo: string | null; name: string; alt: string; testId: string }) {
  return (
    <div
      className="size-32 shrink-0 overflow-hidden rounded-full border-4 border-white bg-white/20 shadow-xl sm:size-40"
      data-testid={testId}
    >
      {photo ? (
        <img src={photo} alt={alt} width={160} height={160} className="size-full object-cover" />
      ) : (
        <span role="img" aria-label={alt} className="flex size-full items-center justify-center text-5xl font-black">
          {name.slice(0, 1).toUpperCase()}
        </span>
      )}
    </div>
  );
}

export function MatchModal({
  name,
  photo,
  memberId,
  action,
  keepGoing,
  fictional = false,
  unavailable,
  onClose,
}: {
  name: string;
  photo: string | null;
  memberId: number;
  /** The chat button's text. */
  action: string;
  /** The closing button's text: "Keep browsing" on a profile, "Keep swiping" in the swipe game. */
  keepGoing: string;
  fictional?: boolean;
  /** Why the chat cannot start now (a fictional profile nobody answers), if so. */
  unavailable?: string | null;
  onClose: () => void;
}) {
  const { t } = useTranslation("members");
  const me = useSiteChrome()?.member;
  const dialog = useRef<HTMLDialogElement>(null);
  const faces = useRef<HTMLDivElement>(null);
  useEffect(() => {
    dialog.current?.showModal();
    if (window.matchMedia?.("(prefers-reduced-motion: reduce)").matches) return;
    faces.current?.animate?.(
      [
        { transform: "scale(0.6)", opacity: 0 },
        { transform: "scale(1.08)", opacity: 1 },
        { transform: "scale(1)", opacity: 1 },
      ],
      { duration: 500, easing: "ease-out" },
    );
  }, []);
  return (
    <dialog
      ref={dialog}
      aria-labelledby="match-title"
      aria-describedby="match-text"
      className="m-0 h-dvh max-h-none w-screen max-w-none bg-gradient-to-br from-primary to-secondary p-0 text-white backdrop:bg-ink/70 md:m-auto md:h-auto md:w-[min(40rem,calc(100%-2rem))] md:rounded-(--radius-card)"
      onClose={onClose}
      data-testid="match-modal"
    >
      <div className="flex min-h-full flex-col items-center justify-center gap-6 px-6 pt-10 pb-[max(2rem,env(safe-area-inset-bottom))] text-center md:py-12">
        <h2 id="match-title" className="text-4xl font-black tracking-tight sm:text-5xl">
          {t("match.title")}
        </h2>
        <div ref={faces} className="flex items-center justify-center">
          <Face
            photo={me?.thumb ?? null}
            name={me?.name ?? "?"}
            alt={me ? t("photoOf", { name: me.name }) : ""}
            testId="match-own-photo"
          />
          <span className="z-10 -mx-4 flex size-12 shrink-0 items-center justify-center rounded-full bg-white text-primary shadow-lg">
            <Heart className="size-6" fill="currentColor" aria-hidden="true" />
          </span>
          <Face photo={photo} name={name} alt={t("photoOf", { name })} testId="match-photo" />
        </div>
        {fictional && <FictionalBadge />}
        <p id="match-text" className="max-w-sm text-lg">
          {t("match.text", { name })}
        </p>
        <div className="flex w-full max-w-sm flex-col gap-3">
          <StartChatButton
            memberId={memberId}
            className="btn min-h-12 w-full bg-white text-base text-primary hover:bg-primary-soft"
            data-testid="match-action"
            unavailable={unavailable}
          >
            {action}
          </StartChatButton>
          <button
            type="button"
            className="btn min-h-12 w-full border-2 border-white/80 text-base text-white hover:bg-white/15"
            onClick={() => dialog.current?.close()}
            data-testid="match-close"
          >
            {keepGoing}
          </button>
        </div>
      </div>
    </dialog>
  );
}
