// Whether this browser can reach the server now. Phones lose their
// connection all the time, and the page must say so rather than break: the
// offline bar (offline-bar.tsx) shows while the browser says it is offline, or
// while a call failed for lack of network (the server could not be reached
// though the browser thinks it is online). In that second case /api/ping is
// asked every few seconds until it answers; the browser's "online" event ends
// both. Whoever waits for the connection (a page's data, the chat's outbox)
// listens here.

const PROBE_MS = 5_000;

let unreachable = false;
let probeTimer: ReturnType<typeof setTimeout> | undefined;
const listeners = new Set<() => void>();

const browserOffline = () => typeof navigator !== "undefined" && navigator.onLine === false;

/** True while the server cannot be reached. */
export const isOffline = () => browserOffline() || unreachable;

function changed() {
  for (const listener of listeners) listener();
}

/** Called on every change of isOffline(); returns the unsubscribe. */
export function subscribeToConnection(listener: () => void): () => void {
  if (listeners.size === 0 && typeof window !== "undefined") {
    window.addEventListener("online", backOnline);
    window.addEventListener("offline", changed);
  }
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && typeof window !== "undefined") {
      window.removeEventListener("online", backOnline);
      window.removeEventListener("offline", changed);
    }
  };
}

function backOnline() {
  unreachable = false;
  clearTimeout(probeTimer);
  changed();
}

async function probe() {
  const answer = await fetch("/api/ping", { cache: "no-store" }).catch(() => null);
  if (!unreachable) return;
  if (answer) backOnline();
  else probeTimer = setTimeout(probe, PROBE_MS);
}

/** A call failed for lack of network: offline until the browser or /api/ping says otherwise. */
export function connectionLost() {
  if (unreachable) return;
  unreachable = true;
  changed();
  if (!browserOffline()) probeTimer = setTimeout(probe, PROBE_MS);
}

/** Resolves once the server can be reached again, or rejects when `signal` aborts first. */
export function connectionBack(signal?: AbortSignal): Promise<void> {
  if (!isOffline()) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const stop = subscribeToConnection(() => {
      if (isOffline()) return;
      stop();
      resolve();
    });
    signal?.addEventListener("abort", () => {
      stop();
      reject(signal.reason);
    });
  });
}

/**
 * Whether an error is a call that got no answer (the browsers word it
 * differently: "Failed to fetch", "NetworkError when attempting to fetch
 * resource.", "Load failed"), also when it broke off while the answer was read.
 */
export function isNetworkFailure(error: unknown): boolean {
  for (let e = error, depth = 0; e instanceof Error && depth < 3; e = e.cause, depth++) {
    if (e instanceof TypeError && /fetch|network|load failed/i.test(e.message)) return true;
  }
  return false;
}
