// Why a room closed a socket, shared by the browser and the Durable Objects.
// Apart from the chat protocol (chat.ts) so a page that only listens for the
// member's signal does not bring the protocol's schemas (and zod) along.

/** Why the room closed a socket, when the client must not simply reconnect. */
export const SOCKET_CLOSE = {
  /** The session the socket was opened in has ended: the member is logged out. */
  sessionEnded: 4401,
  /** The conversation is no longer open to the member (a block). */
  conversationClosed: 4404,
  /**
   * The member opened more sockets here than are kept (another tab, another
   * device): the oldest goes, and its page carries on without one.
   */
  replaced: 4409,
} as const;
