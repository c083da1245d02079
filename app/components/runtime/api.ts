// Every call the browser makes to /api goes through apiFetch: marked as ours,
// retried where that is safe (retry.ts), and watched for the end of the
// session. A 403 whose body says authentication_required means the server no
// longer knows this member (logged out elsewhere, expired): the browser logs
// out too. /api/user.php is the exception, since its answer is how the page
// learns who is logged in and its callers read it themselves.
// A change (anything but GET) that still fails on the network once its
// retries are spent is announced, so the member learns that what they did did
// not arrive; reads, many of them polls in the background, stay quiet, and so
// does a caller that shows its own state (the chat keeps unsent messages).
import { clientHeaders, fetchWithRetry, type RetryOptions } from "./retry.ts";

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

export const isSessionEndedAnswer = (status: number, body: unknown) =>
  status === 403 && (body as { error?: unknown } | null)?.error === "authentication_required";

const readsWhoIsLoggedIn = (path: string) => new URL(path, "http://local").pathname === "/api/user.php";

/** `quiet`: a failed change is not announced; the caller shows it its own way. */
export type ApiOptions = RetryOptions & { quiet?: boolean };

/**
 * fetch for /api: retried on the network, 429 and 5xx (pass `retries: 0` for a
 * call that must not go twice); a session that ended logs the member out here.
 */
export async function apiFetch(path: string, init: RequestInit = {}, options: ApiOptions = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  for (const [name, value] of Object.entries(clientHeaders)) headers.set(name, value);
  let response: Response;
  try {
    response = await fetchWithRetry(path, { ...init, headers, credentials: "same-origin" }, options);
  } catch (error) {
    const change = (init.method ?? "GET").toUpperCase() !== "GET";
    if (change && !options.quiet && !init.signal?.aborted) for (const listener of connectionListeners) listener();
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
