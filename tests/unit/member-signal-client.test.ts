// The browser's live signal: one reload per burst of frames, reconnects with
// growing delays, silence when hidden, and a logout when the session ended.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { COALESCE_MS, MemberSignal, SIGNAL_PATH } from "#app/components/runtime/member-signal.ts";
import { SOCKET_CLOSE } from "#app/schemas/chat.ts";

class Socket extends EventTarget {
  readyState = 0;
  closed: number | null = null;
  readonly sent: string[] = [];
  readonly url: string;
  constructor(url: string) {
    super();
    this.url = url;
  }
  send(data: string) {
    this.sent.push(data);
  }
  close(code = 1000) {
    this.closed = code;
    this.readyState = 3;
  }
  open() {
    this.readyState = 1;
    this.dispatchEvent(new Event("open"));
  }
  receive(data: string) {
    this.dispatchEvent(Object.assign(new Event("message"), { data }));
  }
  closedByServer(code: number) {
    this.readyState = 3;
    this.dispatchEvent(Object.assign(new Event("close"), { code }));
  }
}

let sockets: Socket[];
const changed = '{"type":"changed","what":"message"}';

function signal() {
  const onChanged = vi.fn();
  const onSessionEnded = vi.fn();
  const client = new MemberSignal({
    onChanged,
    onSessionEnded,
    location: { protocol: "https:", host: "vlinder.example" },
    openSocket: (url) => {
      const socket = new Socket(url);
      sockets.push(socket);
      return socket as unknown as WebSocket;
    },
  });
  return { client, onChanged, onSessionEnded };
}

beforeEach(() => {
  sockets = [];
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe("the member's live signal in the browser", () => {
  it("opens one socket to the page's own host and reloads once for a burst of frames", () => {
    const { client, onChanged } = signal();
    client.start();
    client.start();
    expect(sockets.map((s) => s.url)).toEqual([`wss://vlinder.example${SIGNAL_PATH}`]);
    sockets[0]!.open();
    for (let i = 0; i < 5; i++) sockets[0]!.receive(changed);
    vi.advanceTimersByTime(COALESCE_MS);
    expect(onChanged).toHaveBeenCalledTimes(1);
    sockets[0]!.receive(changed);
    vi.advanceTimersByTime(COALESCE_MS);
    expect(onChanged).toHaveBeenCalledTimes(2);
  });

  it("ignores what is not a change: the keep-alive's answer, unknown frames, garbage", () => {
    const { client, onChanged } = signal();
    client.start();
    sockets[0]!.open();
    for (const data of ["pong", "{not json", '{"type":"changed","what":"everything"}', '{"type":"messages"}'])
      sockets[0]!.receive(data);
    vi.advanceTimersByTime(COALESCE_MS * 2);
    expect(onChanged).not.toHaveBeenCalled();
  });

  it("reconnects after a drop with growing delays, and from the start again once connected", () => {
    const { client } = signal();
    client.start();
    sockets[0]!.closedByServer(1006);
    vi.advanceTimersByTime(999);
    expect(sockets).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(sockets).toHaveLength(2);
    sockets[1]!.closedByServer(1006);
    vi.advanceTimersByTime(1_999);
    expect(sockets).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(sockets).toHaveLength(3);
    sockets[2]!.open();
    sockets[2]!.closedByServer(1011);
    vi.advanceTimersByTime(1_000);
    expect(sockets).toHaveLength(4);
  });

  it("closes when stopped (hidden or logged out): no reconnect, no reload of a frame just heard", () => {
    const { client, onChanged } = signal();
    client.start();
    sockets[0]!.open();
    sockets[0]!.receive(changed);
    client.stop();
    expect(sockets[0]!.closed).toBe(1000);
    vi.advanceTimersByTime(120_000);
    expect(onChanged).not.toHaveBeenCalled();
    expect(sockets).toHaveLength(1);
  });

  it("keeps the socket alive with a ping while open", () => {
    const { client } = signal();
    client.start();
    sockets[0]!.open();
    vi.advanceTimersByTime(30_000);
    expect(sockets[0]!.sent).toEqual(["ping"]);
  });

  it("logs out, without reconnecting, when the server says the session ended", () => {
    const { client, onSessionEnded } = signal();
    client.start();
    sockets[0]!.open();
    sockets[0]!.closedByServer(SOCKET_CLOSE.sessionEnded);
    expect(onSessionEnded).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(120_000);
    expect(sockets).toHaveLength(1);
  });

  it("stops listening, without reconnecting, once a newer page took its place, until shown again", () => {
    const { client, onChanged, onSessionEnded } = signal();
    client.start();
    sockets[0]!.open();
    sockets[0]!.closedByServer(SOCKET_CLOSE.replaced);
    vi.advanceTimersByTime(120_000);
    expect(sockets).toHaveLength(1);
    expect(onChanged).not.toHaveBeenCalled();
    expect(onSessionEnded).not.toHaveBeenCalled();
    client.start();
    expect(sockets).toHaveLength(2);
  });
});
