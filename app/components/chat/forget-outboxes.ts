// Where the chat keeps its outboxes and drafts on the device (outbox-storage.ts),
// and forgetting them on logging out. Apart from the outbox itself, which checks
// what it reads back with the chat protocol's schemas, so the navigation's
// logout button does not bring those (and zod) to every page.

export const OUTBOX_PREFIX = "outbox:";
export const DRAFT_PREFIX = "draft:";

/** localStorage, or null where there is none or it may not be used (server, private mode, settings). */
export function storage(): Storage | null {
  try {
    return typeof localStorage === "undefined" ? null : localStorage;
  } catch {
    return null;
  }
}

/** Logging out: no message of this member stays on the device, to be read or sent by the next one. */
export function forgetOutboxes() {
  try {
    const store = storage();
    if (!store) return;
    const keys = Array.from({ length: store.length }, (_, i) => store.key(i)).filter(
      (key): key is string => (key?.startsWith(OUTBOX_PREFIX) || key?.startsWith(DRAFT_PREFIX)) ?? false,
    );
    for (const key of keys) store.removeItem(key);
  } catch {
    // Storage not allowed: nothing was kept either.
  }
}
