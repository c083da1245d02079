// The offline bar: one small line at the top of every page while the server
// cannot be reached (connection.ts decides), gone once it can again. The
// live region stays in the page, empty while online, so that screen readers
// announce the line when it appears. When the connection comes back the
// page's data is reloaded once: what it showed was kept while offline
// (keep-page-offline.ts). This component also tells keep-page-offline.ts
// which page is on screen, with its data.
import { WifiOff } from "lucide-react";
import { useEffect, useRef, useSyncExternalStore } from "react";
import { useTranslation } from "react-i18next";
import { useLocation, useMatches, useRevalidator } from "react-router";
import { isOffline, subscribeToConnection } from "./connection.ts";
import { rememberShownPage } from "./keep-page-offline.ts";

/** Whether the server cannot be reached now (false while rendering on the server). */
export function useOffline() {
  return useSyncExternalStore(subscribeToConnection, isOffline, () => false);
}

export function OfflineBar() {
  const { t } = useTranslation("common");
  const offline = useOffline();
  useShownPage();
  useReloadWhenBack(offline);
  return (
    <div
      role="status"
      className={
        offline
          ? "fixed inset-x-0 top-0 z-[60] flex items-center justify-center gap-1.5 truncate bg-ink px-3 py-1 text-xs text-white shadow"
          : "sr-only"
      }
      data-testid="offline-bar"
    >
      {offline && (
        <>
          <WifiOff className="size-3.5 shrink-0" aria-hidden="true" />
          <span className="truncate">{t("connection.offline")}</span>
        </>
      )}
    </div>
  );
}

function useShownPage() {
  const { pathname, search } = useLocation();
  const matches = useMatches();
  useEffect(() => {
    rememberShownPage(pathname + search, matches);
  }, [pathname, search, matches]);
}

function useReloadWhenBack(offline: boolean) {
  const revalidator = useRevalidator();
  const latest = useRef(revalidator);
  latest.current = revalidator;
  const wasOffline = useRef(false);
  useEffect(() => {
    if (offline) {
      wasOffline.current = true;
      return;
    }
    if (!wasOffline.current) return;
    wasOffline.current = false;
    if (latest.current.state === "idle") void latest.current.revalidate();
  }, [offline]);
}
