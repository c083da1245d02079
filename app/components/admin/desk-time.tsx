// How long a member has waited at the chat desk, and a language's name, in
// the operator's console language through Intl ("12 min", "2 h", "Duits").
import { useTranslation } from "react-i18next";
import { intlTags, isLocale } from "#app/i18n/locales.ts";
import { useLocale } from "#app/i18n/use-locale.ts";

const MINUTE = 60_000;

/** The largest whole unit that fits: minutes below an hour, hours below two days, then days. */
function waitingParts(ms: number): { value: number; unit: "minute" | "hour" | "day" } {
  const minutes = Math.max(0, Math.floor(ms / MINUTE));
  if (minutes < 60) return { value: minutes, unit: "minute" };
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return { value: hours, unit: "hour" };
  return { value: Math.floor(hours / 24), unit: "day" };
}

export function DeskWaiting({ since, now }: { since: number; now: number }) {
  const { t } = useTranslation("admin");
  const locale = useLocale();
  const { value, unit } = waitingParts(now - since);
  const duration = new Intl.NumberFormat(intlTags[locale], { style: "unit", unit, unitDisplay: "short" }).format(value);
  return (
    <time dateTime={new Date(since).toISOString()} title={new Date(since).toISOString()}>
      {t("desk.waitingFor", { duration })}
    </time>
  );
}

/** A member's language by its name in the console's language ("Duits"). */
export function useLanguageName(code: string) {
  const locale = useLocale();
  if (!isLocale(code)) return code;
  return new Intl.DisplayNames([intlTags[locale]], { type: "language" }).of(code) ?? code;
}

export function LanguageName({ code }: { code: string }) {
  return <>{useLanguageName(code)}</>;
}
