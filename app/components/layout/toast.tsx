// A toast: a short notice that floats over the page (at most 350 px wide),
// read out by screen readers (role="status", or role="alert" for a failure),
// closed with its button and gone by itself after a few seconds. It waits
// while the pointer or focus is on it, so nobody loses it while reading.
// Where it floats is the host's business (toast-host.tsx), not the toast's.
import { X } from "lucide-react";
import { type ReactNode, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";

/** How long a toast stays when nobody holds it. */
const SHOWN_MS = 6000;
export const tones = {
  danger: "border-danger/30 text-danger",
  success: "border-success/30 text-success",
  info: "border-line text-ink",
};

export function Toast({
  children,
  tone = "info",
  onDismiss,
  duration = SHOWN_MS,
}: {
  children: ReactNode;
  tone?: keyof typeof tones;
  /** Called when it closes, by its button or by itself. */
  onDismiss: () => void;
  duration?: number;
}) {
  const { t } = useTranslation("common");
  const [held, setHeld] = useState(false);
  const dismiss = useRef(onDismiss);
  dismiss.current = onDismiss;
  useEffect(() => {
    if (held) return;
    const timer = setTimeout(() => dismiss.current(), duration);
    return () => clearTimeout(timer);
  }, [held, duration]);

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: a live region; hovering or focusing it only pauses its timer
    <div
      role={tone === "danger" ? "alert" : "status"}
      aria-live={tone === "danger" ? "assertive" : "polite"}
      aria-atomic="true"
      data-testid="toast"
      style={{ maxWidth: 350 }}
      className={`pointer-events-auto flex w-full items-start gap-2 rounded-lg border bg-card p-3 text-sm shadow-lg ${tones[tone]}`}
      onPointerEnter={() => setHeld(true)}
      onPointerLeave={() => setHeld(false)}
      onFocus={() => setHeld(true)}
      onBlur={() => setHeld(false)}
    >
      <div className="min-w-0 flex-1">{children}</div>
      <button
        type="button"
        className="-m-1 flex size-8 shrink-0 items-center justify-center rounded-full text-muted hover:bg-secondary-soft"
        aria-label={t("toast.dismiss")}
        onClick={() => dismiss.current()}
      >
        <X className="size-4" aria-hidden="true" />
      </button>
    </div>
  );
}
