// Bounce logging: when the address carries `lb`, the page sends
// POST /api/page-hidden.php as a beacon each time it becomes hidden.
import { useEffect } from "react";
import { useLocation } from "react-router";
import { apiFetch } from "#app/components/runtime/api.ts";

export function BounceBeacon() {
  const { pathname, search } = useLocation();
  const enabled = new URLSearchParams(search).has("lb");

  useEffect(() => {
    if (!enabled) return;
    const page = pathname + search;
    const send = () => {
      if (document.visibilityState !== "hidden") return;
      const url = `/api/page-hidden.php?${new URLSearchParams({ page })}`;
      const body = new Blob(["{}"], { type: "application/json" });
      if (!navigator.sendBeacon?.(url, body)) {
        void apiFetch(
          url,
          { method: "POST", body: "{}", keepalive: true, headers: { "Content-Type": "application/json" } },
          { retries: 0, quiet: true },
        ).catch(() => {});
      }
    };
    document.addEventListener("visibilitychange", send);
    return () => document.removeEventListener("visibilitychange", send);
  }, [enabled, pathname, search]);

  return null;
}
