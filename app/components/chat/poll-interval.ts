// How often the chat reloads without a live connection: every 60 s,
// every 300 s when the browser gets push messages, starting 5 s after load.
export const POLL_START_MS = 5_000;
const POLL_MS = 60_000;
const POLL_PUSH_MS = 300_000;

/** 300 s with a push subscription, else 60 s. */
export async function pollInterval(): Promise<number> {
  // getRegistration() rather than .ready: ready never settles on a page without a service worker.
  const registration = await navigator.serviceWorker?.getRegistration().catch(() => undefined);
  const subscription = await registration?.pushManager?.getSubscription().catch(() => null);
  return subscription ? POLL_PUSH_MS : POLL_MS;
}
