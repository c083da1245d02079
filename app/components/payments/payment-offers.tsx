// The offers in the warnings area, for a logged-in unpaid
// member: the welcome-bonus banner (confirmed members with an active welcome
// code) with the time bonus's countdown. It leads to /credits. Codes come from
// the API; a failed load shows nothing. The time-bonus modal is the root's
// (time-bonus-modal.tsx), so it counts its 40 s across every layout.
import { Gift, Timer } from "lucide-react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { apiFetch } from "#app/components/runtime/api.ts";
import { formatDate } from "#app/i18n/format.ts";
import { useLocale } from "#app/i18n/use-locale.ts";
import type { MemberSummary } from "#app/server/site/member-summary.ts";

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

// Asked once per page load: the banner and the modal (in different layers of
// the page, each mounted again when the layout changes) share the answer.
let bonusAsked: Promise<Bonus | null> | null = null;

function askTimeBonus() {
  bonusAsked ??= getJson<{ time_bonus: { percentage: number; seconds_left: number } | null }>("/api/timebonus").then(
    (body) => {
      const found = body?.time_bonus;
      // One fixed deadline on this browser's clock (its clock may differ from
      // the server's); every tick recomputes from it, so the countdown never drifts.
      return found && found.seconds_left > 0
        ? { percentage: found.percentage, deadline: Date.now() + found.seconds_left * 1000 }
        : null;
    },
  );
  return bonusAsked;
}

/** The member's running time bonus, asked for only when `enabled`. */
export function useTimeBonus(enabled = true) {
  const [bonus, setBonus] = useState<Bonus | null>(null);
  useEffect(() => {
    if (!enabled) return;
    let live = true;
    void askTimeBonus().then((found) => {
      if (live) setBonus(found);
    });
    return () => {
      live = false;
    };
  }, [enabled]);
  return bonus;
}

/** Whole seconds left until the deadline, once a second; 0 at the end. */
export function useSecondsLeft(deadline: number | null) {
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

export function Countdown({ seconds, className = "" }: { seconds: number; className?: string }) {
  return (
    <span role="timer" className={`font-mono font-bold tabular-nums ${className}`} data-testid="time-bonus-countdown">
      {hhmmss(seconds)}
    </span>
  );
}

export function PaymentOffers({ member }: { member: MemberSummary }) {
  if (member.paid) return null;
  return <UnpaidOffers confirmed={member.confirmed} />;
}

function UnpaidOffers({ confirmed }: { confirmed: boolean }) {
  const { t } = useTranslation("payments");
  const locale = useLocale();
  const welcome = useWelcomeCode(confirmed);
  const bonus = useTimeBonus();
  const left = useSecondsLeft(bonus?.deadline ?? null);
  const bonusVisible = bonus !== null && left !== null && left > 0;
  if (!welcome && !bonusVisible) return null;
  return (
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
  );
}
