// What runs on every page once it is in the browser:
// - the service worker, registered from /sw.js?v=<build version>;
// - for members: user refresh with chats and likes every 60 s (300 s when this
//   browser gets pushes), starting 5 s after load, only while the page is in
//   view and only once /api/user.php answers (retried), so a network
//   hiccup never replaces the page with an error;
// - for members: the live signal (member-signal.ts) while the page is in view,
//   so a new message or like reloads the page's data at once; the refresh
//   above is what remains when the signal cannot connect;
// - a pushed message ("new push message") reloads at once; a click on a
//   notification ("new push click") opens its page;
// - the app badge: unread messages plus new likes (failures ignored);
// - a member whose session the server says has ended (any /api call but
//   user.php answering authentication_required, a socket closed for it) is
//   logged out here too: the session cookie goes and the browser opens the
//   login page, to come back;
// - the chat's unsent messages and drafts on the device belong to the member
//   logged in: a page rendered for a visitor or the end of the session forgets
//   them all, a member's page every other member's.
import { useEffect, useRef, useState } from "react";
import { useNavigate, useRevalidator } from "react-router";
import { forgetOutboxes, forgetOutboxesBut } from "#app/components/chat/forget-outboxes.ts";
import { useSiteChrome } from "#app/components/layout/use-site-chrome.ts";
import { apiFetch, whenSessionEnds } from "./api.ts";
import { MemberSignal } from "./member-signal.ts";
import { browserSubscription, PUSH_STATE_EVENT, syncPushSubscription } from "./push-client.ts";

const REFRESH_START_MS = 5_000;
const REFRESH_MS = 60_000;
const REFRESH_WITH_PUSH_MS = 300_000;

declare global {
  interface Window {
    __reactRouterManifest?: { version?: string };
  }
}

function useServiceWorker() {
  useEffect(() => {
    if (!("serviceWorker" in navigator) || !window.isSecureContext) return;
    const version = window.__reactRouterManifest?.version ?? "dev";
    navigator.serviceWorker.register(`/sw.js?v=${encodeURIComponent(version)}`, { scope: "/" }).catch(() => {
      // No service worker (private mode, blocked): the site works without one.
    });
  }, []);
}

function usePeriodicRefresh(memberId: number | null) {
  const revalidator = useRevalidator();
  const latest = useRef(revalidator);
  latest.current = revalidator;
  useEffect(() => {
    if (memberId === null) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const schedule = async (delay?: number) => {
      const every = delay ?? ((await browserSubscription()) ? REFRESH_WITH_PUSH_MS : REFRESH_MS);
      if (!stopped) timer = setTimeout(tick, every);
    };
    const tick = async () => {
      if (document.visibilityState === "visible") {
        const answer = await apiFetch("/api/user.php").catch(() => null);
        if (!stopped && answer?.ok && latest.current.state === "idle") await latest.current.revalidate();
      }
      await schedule();
    };
    void schedule(REFRESH_START_MS);
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [memberId]);
}

/** A frame of the live signal reloads the page's data once, now if idle, else as soon as it is. */
function useMemberSignal(memberId: number | null) {
  const revalidator = useRevalidator();
  const latest = useRef(revalidator);
  latest.current = revalidator;
  const [waiting, setWaiting] = useState(false);
  useEffect(() => {
    if (memberId === null) return;
    const signal = new MemberSignal({
      onChanged: () => {
        if (latest.current.state === "idle") void latest.current.revalidate();
        else setWaiting(true);
      },
    });
    const follow = () => (document.visibilityState === "visible" ? signal.start() : signal.stop());
    follow();
    document.addEventListener("visibilitychange", follow);
    return () => {
      document.removeEventListener("visibilitychange", follow);
      signal.stop();
    };
  }, [memberId]);
  // A change heard during a reload may have come after its data was read: once more.
  useEffect(() => {
    if (!waiting || revalidator.state !== "idle") return;
    setWaiting(false);
    void revalidator.revalidate();
  }, [waiting, revalidator]);
}

function usePushMessages() {
  const revalidator = useRevalidator();
  const navigate = useNavigate();
  const latest = useRef({ revalidator, navigate });
  latest.current = { revalidator, navigate };
  useEffect(() => {
    if (!("serviceWorker" in navigator)) return;
    const onMessage = (event: MessageEvent) => {
      const message = event.data as { type?: string; url?: string } | null;
      if (message?.type === "new push message") {
        // A new pushed message reloads chats and likes.
        if (latest.current.revalidator.state === "idle") void latest.current.revalidator.revalidate();
      } else if (message?.type === "new push click" && typeof message.url === "string" && message.url.startsWith("/")) {
        void latest.current.navigate(message.url);
      }
    };
    navigator.serviceWorker.addEventListener("message", onMessage);
    return () => navigator.serviceWorker.removeEventListener("message", onMessage);
  }, []);
}

let loggingOut = false;

/** Logs out on the server's word (once, however many calls heard it) and goes to the login page. */
function logOutHere() {
  if (loggingOut) return;
  loggingOut = true;
  const back = `/login?${new URLSearchParams({ redirectTo: location.pathname + location.search })}`;
  void apiFetch("/api/logout.php", { method: "POST" }, { retries: 0, quiet: true })
    .catch(() => null)
    .finally(() => window.location.assign(back));
}

function useLogoutWhenSessionEnds(memberId: number | null) {
  useEffect(() => (memberId === null ? undefined : whenSessionEnds(logOutHere)), [memberId]);
}

/**
 * Whenever the browser learns who is logged in (every page says so, unless its
 * root loader failed) or that the session ended, no one else's unsent chat
 * messages and drafts stay on the device.
 */
function useChatStorageOfWhoIsLoggedIn(known: boolean, memberId: number | null) {
  useEffect(() => {
    if (known) forgetOutboxesBut(memberId);
  }, [known, memberId]);
  useEffect(() => whenSessionEnds(forgetOutboxes), []);
}

function useAppBadge(count: number) {
  useEffect(() => {
    const badge = navigator as Navigator & {
      setAppBadge?: (n: number) => Promise<void>;
      clearAppBadge?: () => Promise<void>;
    };
    const result = count > 0 ? badge.setAppBadge?.(count) : badge.clearAppBadge?.();
    result?.catch(() => {});
  }, [count]);
}

export function AppRuntime() {
  const chrome = useSiteChrome();
  const member = chrome?.member ?? null;
  const memberId = member?.id ?? null;
  useServiceWorker();
  usePeriodicRefresh(memberId);
  useMemberSignal(memberId);
  usePushMessages();
  useLogoutWhenSessionEnds(memberId);
  useChatStorageOfWhoIsLoggedIn(chrome !== null, memberId);
  useAppBadge(member ? member.unreadMessages + member.newLikes : 0);
  useEffect(() => {
    void syncPushSubscription(memberId !== null)
      .then(() => window.dispatchEvent(new Event(PUSH_STATE_EVENT)))
      .catch(() => {});
  }, [memberId]);
  return null;
}
