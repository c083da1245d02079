// Every call the browser makes to /api goes through apiFetch: marked as ours
// (the client header), retried where that is safe, and watched for the end of
// the session. A failed call is tried up to 5 more times, 0.5 s, 1 s, 2 s, 4 s
// and 8 s apart, but only when it may pass: the network, 429 and 5xx; a 4xx
// answer is final, and a call that must not go twice passes `retries: 0`.
// A 403 whose body says authentication_required means the server no longer
// knows this member (logged out elsewhere, expired): the browser logs out too.
// /api/user.php is the exception, since its answer is how the page learns who
// is logged in and its callers read it themselves.
// A change (anything but GET) that still fails on the network once its
// retries are spent is announced, so the member learns that what they did did
// not arrive; reads, many of them polls in the background, stay quiet, and so
// does a caller that shows its own state (the chat keeps unsent messages).
import { CLIENT_HEADER } from "#app/schemas/client-header.ts";

const API_RETRIES = 5;
const FIRST_DELAY_MS = 500;

type SessionEndedListener = () => void;
const listeners = new Set<SessionEndedListener>();

/** Called when the server says the member's session has ended; returns the unsubscribe. */
export function whenSessionEnds(listener: SessionEndedListener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** Tells whoever listens (the app runtime, for a logged-in member) that the session ended. */
export function sessionEnded() {
  for (const listener of listeners) listener();
}

type ConnectionFailedListener = () => void;
const connectionListeners = new Set<ConnectionFailedListener>();

/** Called when a change could not reach the server, retries spent; returns the unsubscribe. */
export function whenConnectionFails(listener: ConnectionFailedListener): () => void {
  connectionListeners.add(listener);
  return () => {
    connectionListeners.delete(listener);
  };
}

/** Tells whoever listens that a change got no answer (a page's form, too: keep-page-offline.ts). */
export function announceConnectionFailure() {
  for (const listener of connectionListeners) listener();
}

export const isSessionEndedAnswer = (status: number, body: unknown) =>
  status === 403 && (body as { error?: unknown } | null)?.error === "authentication_required";

const readsWhoIsLoggedIn = (path: string) => new URL(path, "http://local").pathname === "/api/user.php";

/**
 * `retries`: how many more tries after a failure that may pass (default 5; 0
 * for a call that must not go twice). `quiet`: a failed change is not
 * announced; the caller shows it its own way.
 */
export type ApiOptions = { retries?: number; firstDelayMs?: number; quiet?: boolean };

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener("abort", () => {
      clearTimeout(timer);
      reject(signal.reason);
    });
  });

async function fetchWithRetry(path: string, init: RequestInit, options: ApiOptions): Promise<Response> {
  const retries = options.retries ?? API_RETRIES;
  for (let attempt = 0; ; attempt++) {
    try {
      const response = await fetch(path, init);
      if (response.ok || (response.status < 500 && response.status !== 429) || attempt >= retries) return response;
    } catch (error) {
      if (init.signal?.aborted || attempt >= retries) throw error;
    }
    await sleep((options.firstDelayMs ?? FIRST_DELAY_MS) * 2 ** attempt, init.signal ?? undefined);
  }
}

/** fetch for /api, with the client header, the retries above and the end of the session. */
export async function apiFetch(path: string, init: RequestInit = {}, options: ApiOptions = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  headers.set(CLIENT_HEADER.name, CLIENT_HEADER.value);
  let response: Response;
  try {
    response = await fetchWithRetry(path, { ...init, headers, credentials: "same-origin" }, options);
  } catch (error) {
    const change = (init.method ?? "GET").toUpperCase() !== "GET";
    if (change && !options.quiet && !init.signal?.aborted) announceConnectionFailure();
    throw error;
  }
  if (response.status === 403 && !readsWhoIsLoggedIn(path)) {
    const body = await response
      .clone()
      .json()
      .catch(() => null);
    if (isSessionEndedAnswer(response.status, body)) sessionEnded();
  }
  return response;
}
