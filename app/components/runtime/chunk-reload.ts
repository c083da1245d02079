// A script file that fails to load (a deploy replaced the
// files this page was built with, or the network dropped one) reloads the
// page, at most once per 60 s, so a file that stays missing never makes the
// page reload in a loop: the second failure shows the error page instead.
// React Router reloads by itself when a route's own module fails during a
// click-through; that reload follows a click, so it cannot loop either.
import { type ComponentType, lazy } from "react";

const CHUNK_RELOAD_GUARD_MS = 60_000;
const KEY = "chunk-reload-at";
let reloading = false;

/** Reloads the page unless it did so for a failed file less than 60 s ago; true when it reloads. */
function reloadForFailedChunk(now = Date.now()): boolean {
  if (reloading) return true;
  try {
    const last = Number(sessionStorage.getItem(KEY) ?? 0);
    if (now - last < CHUNK_RELOAD_GUARD_MS) return false;
    sessionStorage.setItem(KEY, String(now));
  } catch {
    // Without storage the guard cannot count: better an error page than a reload loop.
    return false;
  }
  reloading = true;
  window.location.reload();
  return true;
}

/** Vite announces every failed dynamic import (and its preloads) with this event. */
export function installChunkReloadGuard() {
  window.addEventListener("vite:preloadError", (event) => {
    if (reloadForFailedChunk()) event.preventDefault();
  });
}

/** React.lazy with the guarded reload: while the page reloads nothing renders; otherwise the error boundary shows. */
export function lazyWithReload<P extends object>(load: () => Promise<{ default: ComponentType<P> }>) {
  return lazy(async (): Promise<{ default: ComponentType<P> }> => {
    try {
      return await load();
    } catch (error) {
      if (reloadForFailedChunk()) return new Promise<never>(() => {});
      throw error;
    }
  });
}
