// The member's live signal, shared by the browser and the MemberSignal object:
// a frame says only that something of the member's changed and what kind of
// thing, never what, so a page fetches its own data again (through its loader,
// with the member's own access rules) instead of trusting the socket.
const SIGNAL_CHANGES = ["message", "like"] as const;
export type SignalChange = (typeof SIGNAL_CHANGES)[number];

export interface SignalFrame {
  type: "changed";
  what: SignalChange;
}

/** The keep-alive the client sends and the object answers without waking. */
export const SIGNAL_PING = "ping";
export const SIGNAL_PONG = "pong";

/** A frame from the socket, or null for anything else (a pong, garbage). */
export function parseSignalFrame(raw: unknown): SignalFrame | null {
  if (typeof raw !== "string" || raw === SIGNAL_PONG) return null;
  try {
    const frame = JSON.parse(raw) as Partial<SignalFrame> | null;
    return frame?.type === "changed" && SIGNAL_CHANGES.includes(frame.what as SignalChange)
      ? { type: "changed", what: frame.what as SignalChange }
      : null;
  } catch {
    return null;
  }
}
