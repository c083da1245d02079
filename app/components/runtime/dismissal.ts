// A dismissed alert (push enabling, disabled notifications) is stored
// with a timestamp and not shown again on this browser.
import { useCallback, useEffect, useState } from "react";

const storageKey = (name: string) => `dismissed:${name}`;

/** [dismissed, dismiss]; dismissed until the browser says otherwise, so nothing flashes on return visits. */
export function useDismissal(name: string): [boolean, () => void] {
  const [dismissed, setDismissed] = useState(true);
  useEffect(() => {
    try {
      setDismissed(localStorage.getItem(storageKey(name)) !== null);
    } catch {
      setDismissed(false);
    }
  }, [name]);
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
