// A member's sockets in one Durable Object (a conversation's room, their live
// signal) are kept to the newest few. Each is held and told of every change
// until it closes, and a page that died without closing lingers a while; so a
// member who opens one more (another tab, another device) closes their oldest,
// with a code that tells its page to carry on without a socket rather than
// come back (it polls, or reloads on its timer). Each socket's attachment
// says when it was opened.
import { SOCKET_CLOSE } from "#app/schemas/socket-close.ts";

/** Open sockets a member keeps in one object. */
const SOCKETS_PER_MEMBER = 5;

/** Closes all but the newest SOCKETS_PER_MEMBER open sockets among one member's. */
export function keepNewestSockets(sockets: WebSocket[], openedAt: (socket: WebSocket) => number) {
  const open = sockets.filter((socket) => socket.readyState === WebSocket.OPEN);
  if (open.length <= SOCKETS_PER_MEMBER) return;
  // Opened in the same millisecond, they keep the runtime's order, oldest first.
  const newestFirst = open
    .map((socket, order) => ({ socket, order, at: openedAt(socket) }))
    .sort((a, b) => b.at - a.at || b.order - a.order);
  for (const { socket } of newestFirst.slice(SOCKETS_PER_MEMBER)) {
    try {
      socket.close(SOCKET_CLOSE.replaced, "replaced");
    } catch {
      // Already closed.
    }
  }
}
