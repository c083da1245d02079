// The offers in the warnings area, for a logged-in unpaid
// member: the welcome-bonus banner (confirmed members with an active welcome
// code) with the time bonus's countdown, and the time-bonus modal, 40 s into
// the members area when the member has no credits, unless dismissed. Both
// lead to /credits. Codes come from the API; a failed load shows nothing.
import { Gift, Timer, X } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useMatches } from "react-router";
import { apiFetch } from "#app/components/runtime/api.ts";
import { formatDate } from "#app/i18n/format.ts";
import { useLocale } from "#app/i18n/use-locale.ts";
import type { MemberSummary } from "#app/server/site/member-summary.ts";

/** The members area is members, members-id, chats, likes, likes-m-id and premium. */
const MEMBERS_AREA = new Set([
  "routes/members",
  "members-id",
  "chats",
  "routes/chats",
  "likes",
  "likes-m-id",
  "premium",
]);
const MODAL_DELAY_MS = 40_000;
const DISMISS_KEY = "dismissed:time-bonus";

type Bonus = { percentage: number; deadline: number };
type Welcome = { percentage: number; expires: string | null };

async function getJson<T>(url: string): Promise<T | null> {
  // Read-only, so retried; a welcome discount that still fails to load is ignored, and so is the time bonus.
  const response = await apiFetch(url).catch(() => null);
  return response?.ok ? ((await response.json()) as T) : null;
}

function useWelcomeCode(enabled: boolean) {
  const [welcome, setWelcome] = useState<Welcome | null>(null);
  useEffect(() => {
    if (!enabled) return;
    let live = true;
    getJson<{ discountcode: (Welcome & { expired: boolean }) | null }>("/api/discountcode.php?welcome=true").then(
      (body) => {
        const code = body?.discountcode;
        if (live && code && !code.expired) setWelcome({ percentage: code.percentage, expires: code.expires });
      },
    );
    return () => {
      live = false;
    };
  }, [enabled]);
  return welcome;
}

function useTimeBonus() {
  const [bonus, setBonus] = useState<Bonus | null>(null);
  useEffect(() => {
    let live = true;
    getJson<{ time_bonus: { percentage: number; seconds_left: number } | null }>("/api/timebonus").then((body) => {
      const found = body?.time_bonus;
      // One fixed deadline on this browser's clock (its clock may differ from
      // the server's); every tick recomputes from it, so the countdown never drifts.
      if (live && found && found.seconds_left > 0) {
        setBonus({ percentage: found.percentage, deadline: Date.now() + found.seconds_left * 1000 });
      }
    });
    return () => {
      live = false;
    };
  }, []);
  return bonus;
}

/** Whole seconds left until the deadline, once a second; 0 at the end. */
function useSecondsLeft(deadline: number | null) {
  const [left, setLeft] = useState<number | null>(null);
  useEffect(() => {
    if (deadline === null) return;
    const tick = () => {
      const seconds = Math.max(0, Math.ceil((deadline - Date.now()) / 1000));
      setLeft(seconds);
      if (seconds === 0) clearInterval(timer);
    };
    const timer = setInterval(tick, 1000);
    tick();
    return () => clearInterval(timer);
  }, [deadline]);
  return left;
}

const hhmmss = (seconds: number) =>
  [Math.floor(seconds / 3600), Math.floor((seconds % 3600) / 60), seconds % 60]
    .map((n) => String(n).padStart(2, "0"))
    .join(":");

function Countdown({ seconds, className = "" }: { seconds: number; className?: string }) {
  return (
    <span role="timer" className={`font-mono font-bold tabular-nums ${className}`} data-testid="time-bonus-countdown">
      {hhmmss(seconds)}
    </span>
  );
}

export function PaymentOffers({ member }: { member: MemberSummary }) {
  if (member.paid) return null;
  return <UnpaidOffers confirmed={member.confirmed} credits={member.credits} />;
}

function UnpaidOffers({ confirmed, credits }: { confirmed: boolean; credits: number }) {
  const { t } = useTranslation("payments");
  const locale = useLocale();
  const welcome = useWelcomeCode(confirmed);
  const bonus = useTimeBonus();
  const left = useSecondsLeft(bonus?.deadline ?? null);
  const bonusVisible = bonus !== null && left !== null && left > 0;
  if (!welcome && !bonusVisible) return null;
  return (
    <>
      <div className="border-b border-success/30 bg-success/10" data-testid="offers-banner" data-banner>
        <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-4 gap-y-2 px-4 py-2.5 text-sm">
          {welcome && (
            <p className="flex flex-1 items-center gap-2 font-semibold text-success" data-testid="welcome-banner">
              <Gift className="size-5 shrink-0" aria-hidden="true" />
              {welcome.expires
                ? t("welcome.banner", {
                    percentage: welcome.percentage,
                    date: formatDate(new Date(welcome.expires), locale),
                  })
                : t("welcome.bannerOpen", { percentage: welcome.percentage })}
            </p>
          )}
          {bonusVisible && (
            <p className="flex flex-1 items-center gap-2 text-ink" data-testid="time-bonus-bar">
              <Timer className="size-5 shrink-0 text-primary" aria-hidden="true" />
              <span>{t("timeBonus.bar", { percentage: bonus.percentage })}</span>
              <Countdown seconds={left} />
            </p>
          )}
          <Link to="/credits" className="btn-primary min-h-9 px-4">
            {t("welcome.action")}
          </Link>
        </div>
      </div>
      {bonusVisible && credits === 0 && <TimeBonusModal percentage={bonus.percentage} seconds={left} />}
    </>
  );
}

function TimeBonusModal({ percentage, seconds }: { percentage: number; seconds: number }) {
  const { t } = useTranslation("payments");
  const matches = useMatches();
  const inArea = matches.some((m) => MEMBERS_AREA.has(m.id));
  const dialog = useRef<HTMLDialogElement>(null);
  // Hidden until the browser says it was not dismissed before.
  const [dismissed, setDismissed] = useState(true);
  const [due, setDue] = useState(false);
  useEffect(() => setDismissed(localStorage.getItem(DISMISS_KEY) !== null), []);
  useEffect(() => {
    if (!inArea) return;
    const timer = setTimeout(() => setDue(true), MODAL_DELAY_MS);
    return () => clearTimeout(timer);
  }, [inArea]);
  const open = due && inArea && !dismissed;
  useEffect(() => {
    if (open && !dialog.current?.open) dialog.current?.showModal();
  }, [open]);
  if (!open) return null;
  const dismiss = () => {
    localStorage.setItem(DISMISS_KEY, String(Date.now()));
    setDismissed(true);
  };
  return (
    <dialog
      ref={dialog}
      aria-labelledby="time-bonus-title"
      className="m-auto w-[min(26rem,calc(100%-2rem))] rounded-(--radius-card) bg-card p-6 text-center backdrop:bg-ink/60"
      onClose={dismiss}
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
