// One banner of the banner slot (member-banners.tsx), shaped to fit two lines
// on a 320 px phone: the short text and its action are one tap target (the
// action in bold at the end of the text), beside a × that hides the banner for
// as long as its kind is remembered. How long each kind is remembered is here,
// in one table, so the doc and the code say the same.
import { X } from "lucide-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useDismissal } from "#app/components/runtime/dismissal.ts";

/** Days a dismissed banner stays away on this browser, by kind. */
export const BANNER_MEMORY_DAYS = {
  /** It keeps costing the member messages, so it comes back within the week. */
  "email-disabled": 7,
  /** Until the address is confirmed the profile is not seen: back the next day. */
  "confirm-address": 1,
  "add-photo": 7,
  "complete-profile": 30,
  /** The browser's own question follows a yes; a no is asked again after a season. */
  push: 90,
} as const;

type BannerKind = keyof typeof BANNER_MEMORY_DAYS;

/** [dismissed, dismiss] for a banner of `kind`; `detail` keeps apart banners of one kind (the reason mails stopped). */
export function useBannerDismissal(kind: BannerKind, detail?: string) {
  return useDismissal(detail ? `${kind}:${detail}` : kind, BANNER_MEMORY_DAYS[kind]);
}

const ACTION_AREA = "flex min-h-11 min-w-0 flex-1 items-center py-0.5 text-left leading-5 disabled:opacity-60";

/** The text with its action: a link to where the member does it, or a button that does it here. */
type BannerAction = { label: string } & ({ to: string } | { onClick: () => void; busy?: boolean });

export function Banner({
  testId,
  text,
  action,
  onDismiss,
  tone = "calm",
}: {
  testId: string;
  text: ReactNode;
  action: BannerAction;
  onDismiss: () => void;
  tone?: "calm" | "urgent";
}) {
  const { t } = useTranslation();
  const words = (
    <span className="line-clamp-2">
      {text} <strong className="whitespace-nowrap font-semibold text-primary underline">{action.label}</strong>
    </span>
  );
  return (
    <div
      className={`border-b ${tone === "urgent" ? "border-unread/40 bg-unread/10" : "border-line bg-secondary-soft"}`}
      role="status"
      data-testid={testId}
      data-banner
    >
      <div className="mx-auto flex max-w-6xl items-center gap-1 py-1 pl-3 pr-1 text-sm sm:pl-4">
        {"to" in action ? (
          <Link to={action.to} className={ACTION_AREA}>
            {words}
          </Link>
        ) : (
          <button type="button" className={ACTION_AREA} onClick={action.onClick} disabled={action.busy}>
            {words}
          </button>
        )}
        <button
          type="button"
          className="btn-ghost size-11 shrink-0 p-0"
          aria-label={t("banners.dismiss")}
          onClick={onDismiss}
        >
          <X className="size-5" aria-hidden="true" />
        </button>
      </div>
    </div>
  );
}
