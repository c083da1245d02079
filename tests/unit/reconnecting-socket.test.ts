// The socket kept up under the chat and the live signal: reconnects after the
// caller's back-off, pings while open, stops for good when stopped, on a final
// close or after too many connects that never opened.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  backoffDelay,
  ReconnectingSocket,
  type ReconnectingSocketOptions,
} from "#app/components/runtime/reconnecting-socket.ts";
import { FakeSocket } from "./fake-socket.ts";

function reconnecting(options: Partial<ReconnectingSocketOptions> = {}) {
  const events = {
    onConnecting: vi.fn(),
    onOpen: vi.fn(),
    onMessage: vi.fn(),
    onUnavailable: vi.fn(),
  };
  const socket = new ReconnectingSocket({
    url: () => "wss://vlinder.example/socket",
    openSocket: (url) => new FakeSocket(url),
    reconnectDelay: (attempt) => backoffDelay(attempt, { firstMs: 1_000, maxMs: 8_000 }),
    ping: { frame: "ping", everyMs: 20_000 },
    stopReason: "page left",
    ...events,
    ...options,
  });
  socket.start();
  return { socket, ...events };
}

const newest = () => FakeSocket.opened.at(-1)!;

/** How long until the next socket is made, in steps of 100 ms. */
function waitForNextSocket() {
  const before = FakeSocket.opened.length;
  let waited = 0;
  while (FakeSocket.opened.length === before && waited < 120_000) {
    vi.advanceTimersByTime(100);
    waited += 100;
  }
  return waited;
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
  FakeSocket.opened = [];
});

describe("the back-off", () => {
  it("doubles from the first wait up to the longest", () => {
    const policy = { firstMs: 1_000, maxMs: 60_000 };
    expect([0, 1, 2, 3, 4, 5, 6, 7].map((attempt) => backoffDelay(attempt, policy))).toEqual([
      1_000, 2_000, 4_000, 8_000, 16_000, 32_000, 60_000, 60_000,
    ]);
  });

  it("spreads each wait by ± the given fraction", () => {
    const policy = { firstMs: 1_000, maxMs: 30_000, spread: 0.2 };
    expect(backoffDelay(0, policy, 0)).toBe(800);
    expect(backoffDelay(0, policy, 0.5)).toBe(1_000);
    expect(backoffDelay(5, policy, 0.999_999)).toBeCloseTo(36_000, 0);
  });
});

describe("a reconnecting socket", () => {
  it("reconnects after each drop with the back-off, and from the first wait again once a socket opened", () => {
    const { onConnecting } = reconnecting();
    const waits: number[] = [];
    for (let i = 0; i < 5; i++) {
      newest().closedByServer(1006);
      waits.push(waitForNextSocket());
    }
    expect(waits).toEqual([1_000, 2_000, 4_000, 8_000, 8_000]);
    expect(onConnecting).toHaveBeenCalledTimes(11); // each connect and each wait
    newest().open();
    newest().closedByServer(1011);
    expect(waitForNextSocket()).toBe(1_000);
  });

  it("hands over what arrives on the current socket only", () => {
    const { onMessage, onOpen } = reconnecting();
    const first = newest();
    first.open();
    expect(onOpen).toHaveBeenCalledTimes(1);
    first.dispatchEvent(Object.assign(new Event("message"), { data: "one" }));
    first.closedByServer(1006);
    first.dispatchEvent(Object.assign(new Event("message"), { data: "late" }));
    expect(onMessage.mock.calls).toEqual([["one"]]);
  });

  it("pings at the interval while open, and sends nothing while not", () => {
    const { socket } = reconnecting();
    expect(socket.send("early")).toBe(false);
    vi.advanceTimersByTime(40_000);
    expect(newest().sent).toEqual([]);
    newest().open();
    vi.advanceTimersByTime(19_999);
    expect(newest().sent).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(newest().sent).toEqual(["ping"]);
    vi.advanceTimersByTime(20_000);
    expect(newest().sent).toEqual(["ping", "ping"]);
    expect(socket.send("hello")).toBe(true);
    newest().closedByServer(1006);
    const dropped = newest();
    vi.advanceTimersByTime(60_000);
    expect(dropped.sent).toEqual(["ping", "ping", "hello"]);
  });

  it("when stopped, closes with the reason and neither pings nor reconnects", () => {
    const { socket } = reconnecting();
    const first = newest();
    const close = vi.spyOn(first, "close");
    first.open();
    socket.stop();
    expect(close).toHaveBeenCalledWith(1000, "page left");
    expect(vi.getTimerCount()).toBe(0);
    first.closedByServer(1000);
    vi.advanceTimersByTime(120_000);
    expect(FakeSocket.opened).toEqual([first]);
    expect(first.sent).toEqual([]);
  });

  it("when stopped while waiting to reconnect, does not reconnect; started again, connects at once", () => {
    const { socket } = reconnecting();
    newest().closedByServer(1006);
    socket.stop();
    expect(vi.getTimerCount()).toBe(0);
    vi.advanceTimersByTime(120_000);
    expect(FakeSocket.opened).toHaveLength(1);
    socket.start();
    socket.start();
    expect(FakeSocket.opened).toHaveLength(2);
  });

  it("reconnects at once when asked while waiting, and not while connected or stopped", () => {
    const { socket } = reconnecting();
    socket.reconnectNow();
    expect(FakeSocket.opened).toHaveLength(1);
    newest().closedByServer(1006);
    socket.reconnectNow();
    expect(FakeSocket.opened).toHaveLength(2);
    vi.advanceTimersByTime(120_000);
    expect(FakeSocket.opened).toHaveLength(2);
    newest().closedByServer(1006);
    socket.stop();
    socket.reconnectNow();
    expect(FakeSocket.opened).toHaveLength(2);
  });

  it("ends on a final close code with what the caller gave for it", () => {
    const ended = vi.fn();
    reconnecting({ finalCloses: { 4401: ended } });
    newest().open();
    newest().closedByServer(4401);
    expect(ended).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(120_000);
    expect(FakeSocket.opened).toHaveLength(1);
  });

  it("gives up after the given number of connects in a row that never opened", () => {
    const { onUnavailable } = reconnecting({ maxConnectFailures: 3 });
    newest().open();
    for (let i = 0; i < 3; i++) {
      newest().closedByServer(1006);
      vi.advanceTimersByTime(60_000);
    }
    expect(onUnavailable).not.toHaveBeenCalled();
    newest().closedByServer(1006);
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.opened).toHaveLength(4);
    expect(onUnavailable).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(120_000);
    expect(FakeSocket.opened).toHaveLength(4);
  });

  it("says so at once where the browser has no socket", () => {
    const { onUnavailable, onConnecting } = reconnecting({ openSocket: () => null });
    expect(onUnavailable).toHaveBeenCalledTimes(1);
    expect(onConnecting).not.toHaveBeenCalled();
  });

  it("tries again later when opening a socket throws", () => {
    let fail = true;
    reconnecting({
      openSocket: (url) => {
        if (fail) throw new SyntaxError("bad address");
        return new FakeSocket(url);
      },
    });
    fail = false;
    expect(waitForNextSocket()).toBe(1_000);
  });
});
