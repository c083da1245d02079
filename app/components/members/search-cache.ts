// The search's client state of profiles already shown (`otherCachedProfiles`):
// each results list a member saw, with the pages "more" added to it, kept in
// memory for the history entry that showed it. Going back (or forward) to that
// entry shows the same profiles again at once, without asking the server; a
// new search, even with the same filters, is a new entry and asks afresh, and
// so does a reload of the list that is on screen. Kept at most 20 lists, for
// 30 minutes each.
import { useEffect } from "react";
import { useLocation } from "react-router";

const MAX_LISTS = 20;
const MAX_AGE_MS = 30 * 60_000;

interface CachedList {
  /** The history entry that showed it (React Router's location key). */
  key: string;
  url: string;
  data: unknown;
  at: number;
}

const otherCachedProfiles = new Map<string, CachedList>();
/** The entry whose list is on screen: a reload of it (revalidation) asks the server. */
let shownKey: string | null = null;

// React Router's key for the entry the browser is on; the page first loaded has none of its own ("default").
const historyKey = () => (window.history.state as { key?: string } | null)?.key ?? "default";
const pathOf = (url: string) => {
  const { pathname, search } = new URL(url, window.location.origin);
  return pathname + search;
};

/** The list kept for the history entry the browser is going to, if this is a way back to it. */
export function cachedSearch<T>(url: string): T | null {
  const key = historyKey();
  const kept = key !== shownKey ? otherCachedProfiles.get(key) : undefined;
  if (!kept || kept.url !== pathOf(url) || Date.now() - kept.at > MAX_AGE_MS) return null;
  return kept.data as T;
}

/** Keeps the list on screen (with its added pages) for its history entry, while it is shown. */
export function useKeepSearch(data: unknown) {
  const location = useLocation();
  useEffect(() => {
    const key = location.key;
    otherCachedProfiles.delete(key);
    otherCachedProfiles.set(key, { key, url: location.pathname + location.search, data, at: Date.now() });
    for (const old of otherCachedProfiles.keys()) {
      if (otherCachedProfiles.size <= MAX_LISTS) break;
      otherCachedProfiles.delete(old);
    }
    shownKey = key;
    return () => {
      if (shownKey === key) shownKey = null;
    };
  }, [location.key, location.pathname, location.search, data]);
}
