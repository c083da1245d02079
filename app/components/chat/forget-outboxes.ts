// Where the chat keeps its outboxes and drafts on the device (outbox-storage.ts),
// and forgetting them once their member is no longer the one logged in here.
// Apart from the outbox itself, which checks what it reads back with the chat
// protocol's schemas, so the app runtime that calls this on every page does not
// bring those (and zod) with it.

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

/**
 * Every outbox and draft on the device but those of the member logged in
 * (`memberId`; null: nobody, so all of them), so nobody reads, or has sent and
 * charged, the messages of someone who was logged in here before.
 */
export function forgetOutboxesBut(memberId: number | null) {
  const own = memberId === null ? null : [`${OUTBOX_PREFIX}${memberId}:`, `${DRAFT_PREFIX}${memberId}:`];
  try {
    const store = storage();
    if (!store) return;
    const keys = Array.from({ length: store.length }, (_, i) => store.key(i)).filter(
      (key): key is string =>
        key !== null &&
        (key.startsWith(OUTBOX_PREFIX) || key.startsWith(DRAFT_PREFIX)) &&
        !own?.some((prefix) => key.startsWith(prefix)),
    );
    for (const key of keys) store.removeItem(key);
  } catch {
    // Storage not allowed: nothing was kept either.
  }
}

/** Logging out: no message of this member stays on the device, to be read or sent by the next one. */
export function forgetOutboxes() {
  forgetOutboxesBut(null);
}
