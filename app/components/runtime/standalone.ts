// Installed-app (standalone) mode: the layouts show a back button
// and skip the site-entry warning when the site runs as an installed app.
import { useSyncExternalStore } from "react";

const QUERY = "(display-mode: standalone)";

function isStandalone(): boolean {
  if (typeof window === "undefined") return false;
  // iOS home-screen apps say so on navigator instead of the media query.
  return window.matchMedia?.(QUERY).matches === true || (navigator as { standalone?: boolean }).standalone === true;
}

function subscribe(onChange: () => void) {
  const query = window.matchMedia?.(QUERY);
  query?.addEventListener("change", onChange);
  return () => query?.removeEventListener("change", onChange);
}

/** False on the server and until hydration; then the browser's display mode. */
export function useStandalone(): boolean {
  return useSyncExternalStore(subscribe, isStandalone, () => false);
}
