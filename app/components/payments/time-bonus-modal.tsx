// The time-bonus modal: for a logged-in unpaid member with no credits and a
// running time bonus, once they have spent 40 s in the members area (members,
// a profile, the chat list, a conversation, likes, premium), unless dismissed
// before. It lives in the root, beside every layout, and the time spent is
// kept for the tab (sessionStorage), so going from page to page, or from the
// search into a conversation (another layout), never starts the 40 s over.
import { Timer, X } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useMatches } from "react-router";
import { useSiteChrome } from "#app/components/layout/use-site-chrome.ts";
import { useDismissal } from "#app/components/runtime/dismissal.ts";
import { Countdown, useSecondsLeft, useTimeBonus } from "./payment-offers.tsx";

/** The members area, by route id. */
const MEMBERS_AREA = new Set([
  "routes/members",
  "members-id",
  "chats",
  "chats-id",
  "likes",
  "likes-type",
  "likes-m-id",
  "premium",
]);
const MODAL_DELAY_MS = 40_000;
const AREA_TIME_KEY = "time-bonus:members-area-ms";
const TICK_MS = 1000;

function readAreaTime(): number {
  try {
    return Number(sessionStorage.getItem(AREA_TIME_KEY)) || 0;
  } catch {
    return 0;
  }
}

function writeAreaTime(ms: number) {
  try {
    sessionStorage.setItem(AREA_TIME_KEY, String(ms));
  } catch {
    // No storage: the time counts for this page load only.
  }
}

/** Whether the member has spent `delay` ms in the members area in this tab, counting on from earlier pages. */
function useMembersAreaTime(inArea: boolean, delay: number) {
  const [due, setDue] = useState(false);
  useEffect(() => {
    if (!inArea) return;
    let spent = readAreaTime();
    let last = Date.now();
    const tick = () => {
      const now = Date.now();
      spent += Math.max(0, now - last);
      last = now;
      writeAreaTime(spent);
      if (spent >= delay) {
        setDue(true);
        clearInterval(timer);
      }
    };
    const timer = setInterval(tick, TICK_MS);
    tick();
    return () => {
      clearInterval(timer);
      tick();
    };
  }, [inArea, delay]);
  return due;
}

export function TimeBonusModal() {
  const member = useSiteChrome()?.member;
  const matches = useMatches();
  const eligible = !!member && !member.paid && member.credits === 0;
  const inArea = eligible && matches.some((m) => MEMBERS_AREA.has(m.id));
  const due = useMembersAreaTime(inArea, MODAL_DELAY_MS);
  const bonus = useTimeBonus(eligible);
  const left = useSecondsLeft(bonus?.deadline ?? null);
  const [dismissed, dismiss] = useDismissal("time-bonus");
  if (!bonus || left === null || left <= 0 || !due || !inArea || dismissed) return null;
  return <Dialog percentage={bonus.percentage} seconds={left} onDismiss={dismiss} />;
}

function Dialog({ percentage, seconds, onDismiss }: { percentage: number; seconds: number; onDismiss: () => void }) {
  const { t } = useTranslation("payments");
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    if (!dialog.current?.open) dialog.current?.showModal();
  }, []);
  return (
    <dialog
      ref={dialog}
      aria-labelledby="time-bonus-title"
      className="m-auto w-[min(26rem,calc(100%-2rem))] rounded-(--radius-card) bg-card p-6 text-center backdrop:bg-ink/60"
      onClose={onDismiss}
      data-testid="time-bonus-modal"
    >
      <form method="dialog" className="absolute top-2 right-2">
        <button type="submit" className="btn-ghost min-h-11 min-w-11 px-0" aria-label={t("timeBonus.close")}>
          <X className="size-5" aria-hidden="true" />
        </button>
      </form>
      <Timer className="mx-auto size-12 text-primary" aria-hidden="true" />
      <h2 id="time-bonus-title" className="mt-2 text-xl font-black">
        {t("timeBonus.title", { percentage })}
      </h2>
      <p className="mt-2 text-muted">{t("timeBonus.text", { percentage })}</p>
      <p className="mt-4 text-3xl text-primary">
        <Countdown seconds={seconds} />
      </p>
      <div className="mt-5 flex flex-col gap-2">
        <Link to="/credits" className="btn-primary" onClick={() => dialog.current?.close()}>
          {t("timeBonus.action")}
        </Link>
        <form method="dialog">
          <button type="submit" className="btn-ghost w-full">
            {t("timeBonus.later")}
          </button>
        </form>
      </div>
    </dialog>
  );
}
