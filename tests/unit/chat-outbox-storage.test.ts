// @vitest-environment happy-dom
// The chat outbox in localStorage: kept per member and conversation, read back
// only as valid outgoing messages, and never an error when storage fails.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  forgetOutboxes,
  forgetOutboxesBut,
  OUTBOX_MAX_AGE_MS,
  outboxKey,
  outboxStorage,
} from "#app/components/chat/outbox-storage.ts";

const text = (clientId: string, body = "Hoi") => ({ kind: "text" as const, clientId, text: body });

beforeEach(() => {
  vi.setSystemTime(1_000);
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe("the stored chat outbox", () => {
  it("keeps messages per member and conversation until they are dropped", () => {
    const outbox = outboxStorage(1, 7);
    outbox.keep({ message: text("client-aaaa"), createdAt: 10 });
    outbox.keep({ message: { kind: "gift", clientId: "client-bbbb", giftId: 3 }, createdAt: 11 });
    outbox.keep({ message: { kind: "photo", clientId: "client-cccc", photo: "c/7/abc_DEF-1.jpg" }, createdAt: 12 });

    expect(outboxKey(1, 7)).toBe("outbox:1:7");
    expect(
      outboxStorage(1, 7)
        .read()
        .map((e) => e.message.clientId),
    ).toEqual(["client-aaaa", "client-bbbb", "client-cccc"]);
    expect(outboxStorage(2, 7).read()).toEqual([]);
    expect(outboxStorage(1, 8).read()).toEqual([]);

    outbox.drop(["client-aaaa", "client-cccc"]);
    expect(outbox.read()).toEqual([{ message: { kind: "gift", clientId: "client-bbbb", giftId: 3 }, createdAt: 11 }]);
    outbox.drop(["client-bbbb"]);
    expect(localStorage.getItem("outbox:1:7")).toBeNull();
  });

  it("keeps a message once, however often it is kept", () => {
    const outbox = outboxStorage(1, 7);
    outbox.keep({ message: text("client-aaaa", "eerst"), createdAt: 10 });
    outbox.keep({ message: text("client-aaaa", "eerst"), createdAt: 10 });
    expect(outbox.read()).toHaveLength(1);
  });

  it("ignores what does not parse as an outgoing message", () => {
    const outbox = outboxStorage(1, 7);
    for (const garbage of ["{not json", "null", '"text"', '{"message":{}}', "42"]) {
      localStorage.setItem("outbox:1:7", garbage);
      expect(outbox.read()).toEqual([]);
    }
    localStorage.setItem(
      "outbox:1:7",
      JSON.stringify([
        { message: text("client-good"), createdAt: 1 },
        { message: text("bad id!"), createdAt: 2 },
        { message: text("client-empty", "   "), createdAt: 3 },
        { message: { kind: "video", clientId: "client-video" }, createdAt: 4 },
        { message: text("client-notime"), createdAt: "yesterday" },
        { message: text("client-good", "again"), createdAt: 5 },
        "plain string",
        null,
      ]),
    );
    expect(outbox.read()).toEqual([{ message: text("client-good"), createdAt: 1 }]);
    // Keeping a new message writes back only what parsed.
    outbox.keep({ message: text("client-next"), createdAt: 6 });
    expect(JSON.parse(localStorage.getItem("outbox:1:7")!)).toEqual([
      { message: text("client-good"), createdAt: 1 },
      { message: text("client-next"), createdAt: 6 },
    ]);
  });

  it("never throws when storage fails", () => {
    const failing = {
      getItem: () => {
        throw new DOMException("denied", "SecurityError");
      },
      setItem: () => {
        throw new DOMException("full", "QuotaExceededError");
      },
      removeItem: () => {
        throw new DOMException("denied", "SecurityError");
      },
    };
    vi.stubGlobal("localStorage", failing);
    const outbox = outboxStorage(1, 7);
    expect(() => outbox.keep({ message: text("client-aaaa"), createdAt: 1 })).not.toThrow();
    expect(outbox.read()).toEqual([]);
    expect(() => outbox.drop(["client-aaaa"])).not.toThrow();
  });

  it("works as an empty outbox where there is no storage, or it may not be touched", () => {
    vi.stubGlobal("localStorage", undefined);
    expect(() => outboxStorage(1, 7).keep({ message: text("client-aaaa"), createdAt: 1 })).not.toThrow();
    expect(outboxStorage(1, 7).read()).toEqual([]);
    vi.unstubAllGlobals();

    const own = Object.getOwnPropertyDescriptor(globalThis, "localStorage");
    Object.defineProperty(globalThis, "localStorage", {
      configurable: true,
      get() {
        throw new DOMException("cookies blocked", "SecurityError");
      },
    });
    try {
      expect(() => outboxStorage(1, 7).keep({ message: text("client-aaaa"), createdAt: 1 })).not.toThrow();
      expect(outboxStorage(1, 7).read()).toEqual([]);
    } finally {
      if (own) Object.defineProperty(globalThis, "localStorage", own);
      else Reflect.deleteProperty(globalThis, "localStorage");
    }
  });

  it("drops a message older than a day instead of sending it out of the blue", () => {
    const outbox = outboxStorage(1, 7);
    outbox.keep({ message: text("client-old1"), createdAt: 1_000 });
    outbox.keep({ message: text("client-new1"), createdAt: 2_000 });
    vi.setSystemTime(1_500 + OUTBOX_MAX_AGE_MS);
    expect(outbox.read().map((e) => e.message.clientId)).toEqual(["client-new1"]);
  });

  it("forgets every stored message on the device when the member logs out, and nothing else", () => {
    outboxStorage(1, 7).keep({ message: text("client-aaaa"), createdAt: 10 });
    outboxStorage(1, 8).keep({ message: text("client-bbbb"), createdAt: 10 });
    localStorage.setItem("theme", "dark");
    forgetOutboxes();
    expect(outboxStorage(1, 7).read()).toEqual([]);
    expect(outboxStorage(1, 8).read()).toEqual([]);
    expect(localStorage.getItem("theme")).toBe("dark");
  });

  it("keeps only the logged-in member's messages: another member's never wait on the device to be sent", () => {
    outboxStorage(1, 7).keep({ message: text("client-aaaa"), createdAt: 10 });
    outboxStorage(12, 7).keep({ message: text("client-bbbb"), createdAt: 10 });
    outboxStorage(2, 7).keep({ message: text("client-cccc"), createdAt: 10 });
    localStorage.setItem("theme", "dark");
    forgetOutboxesBut(1);
    expect(
      outboxStorage(1, 7)
        .read()
        .map((e) => e.message.clientId),
    ).toEqual(["client-aaaa"]);
    expect(outboxStorage(12, 7).read()).toEqual([]);
    expect(outboxStorage(2, 7).read()).toEqual([]);
    expect(localStorage.getItem("theme")).toBe("dark");
    forgetOutboxesBut(null);
    expect(outboxStorage(1, 7).read()).toEqual([]);
  });
});
