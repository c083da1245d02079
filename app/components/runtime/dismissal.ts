// A dismissed banner or modal is stored on this browser with the time it was
// dismissed, and stays away for as long as its kind is remembered: a prompt the
// member waved away may ask again later, when it may matter again; one that
// would only nag (the time-bonus modal) stays away for good.
import { useCallback, useEffect, useState } from "react";

const DAY_MS = 24 * 60 * 60 * 1000;

const storageKey = (name: string) => `dismissed:${name}`;

/** Whether a dismissal stored at `stored` (a timestamp, or null) still holds at `now`. */
export function stillDismissed(stored: string | null, now: number, days: number): boolean {
  if (stored === null) return false;
  const at = Number(stored);
  // Anything but a timestamp (an older value) counts as dismissed now: it was dismissed once.
  if (!Number.isFinite(at)) return true;
  return now - at < days * DAY_MS;
}

/**
 * [dismissed, dismiss] for `name`, remembered for `days` (for good without).
 * Dismissed until the browser says otherwise, so nothing flashes on return visits.
 */
export function useDismissal(name: string, days = Number.POSITIVE_INFINITY): [boolean, () => void] {
  const [dismissed, setDismissed] = useState(true);
  useEffect(() => {
    try {
      setDismissed(stillDismissed(localStorage.getItem(storageKey(name)), Date.now(), days));
    } catch {
      setDismissed(false);
    }
  }, [name, days]);
  const dismiss = useCallback(() => {
    try {
      localStorage.setItem(storageKey(name), String(Date.now()));
    } catch {
      // Private mode without storage: hidden for this page view only.
    }
    setDismissed(true);
  }, [name]);
  return [dismissed, dismiss];
}
