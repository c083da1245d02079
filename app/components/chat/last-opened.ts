// The chat's client state of the conversation opened last
// (`last_chat_opened_profile`, with the date it was opened): set when a
// conversation opens, read by the chat list, which marks that row so a member
// who comes back to the list sees where they were. Kept for the tab
// (sessionStorage) under the member's id, so it never marks a row for anyone
// else logged in here afterwards; no storage, no mark.

const KEY = "last_chat_opened_profile";

interface LastChatOpened {
  /** The member whose state it is. */
  member: number;
  /** The other member of the conversation. */
  profile: number;
  conversation: number;
  /** When it was opened (ms since the epoch). */
  date: number;
}

export function rememberChatOpened(opened: Omit<LastChatOpened, "date">, now = Date.now()) {
  try {
    sessionStorage.setItem(KEY, JSON.stringify({ ...opened, date: now } satisfies LastChatOpened));
  } catch {
    // No storage: nothing is marked.
  }
}

/** The conversation `member` opened last in this tab, or null. */
export function lastChatOpened(member: number): LastChatOpened | null {
  try {
    const kept = JSON.parse(sessionStorage.getItem(KEY) ?? "null") as Partial<LastChatOpened> | null;
    if (kept?.member !== member || typeof kept.conversation !== "number" || typeof kept.profile !== "number") {
      return null;
    }
    return { member, profile: kept.profile, conversation: kept.conversation, date: Number(kept.date) || 0 };
  } catch {
    return null;
  }
}
