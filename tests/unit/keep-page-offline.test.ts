// A call for a page's data that got no answer keeps the page: a reload of the
// page on screen keeps its data, a form sent offline is not an error (and is
// announced), while an answer the server gave, a 500 too, passes unchanged.
import type { DataStrategyResult, UIMatch } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { whenConnectionFails } from "#app/components/runtime/api.ts";
import { isNetworkFailure } from "#app/components/runtime/connection.ts";
import { keepPageWhenOffline, rememberShownPage } from "#app/components/runtime/keep-page-offline.ts";

type Results = Record<string, DataStrategyResult>;
const noAnswer = () => new TypeError("Failed to fetch");

function run(method: string, href: string, results: Results) {
  const request = new Request(`https://vlinder.example${href}`, { method });
  const args = { request, params: {}, context: {} } as unknown as Parameters<typeof keepPageWhenOffline>[0];
  return keepPageWhenOffline(args, async () => results);
}

const shownMatches = [
  { id: "root", loaderData: { member: 1 } },
  { id: "routes/chats-id", loaderData: { messages: ["hoi"] } },
] as unknown as UIMatch[];

// The lost connection is then probed every few seconds: not in these tests.
beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe("a page's data without an answer", () => {
  it("keeps what the page on screen shows when its own data could not be reloaded", async () => {
    rememberShownPage("/chats/7", shownMatches);
    const kept = await run("GET", "/chats/7", {
      root: { type: "error", result: noAnswer() },
      "routes/chats-id": { type: "error", result: noAnswer() },
    });
    expect(kept).toEqual({
      root: { type: "data", result: { member: 1 } },
      "routes/chats-id": { type: "data", result: { messages: ["hoi"] } },
    });
  });

  it("turns a form sent without an answer into no result, and says the action may not have arrived", async () => {
    rememberShownPage("/settings", shownMatches);
    const announced = vi.fn();
    const stop = whenConnectionFails(announced);
    const kept = await run("POST", "/settings", { "routes/settings": { type: "error", result: noAnswer() } });
    stop();
    expect(kept).toEqual({ "routes/settings": { type: "data", result: undefined } });
    expect(announced).toHaveBeenCalledOnce();
  });

  it("leaves an error the server answered alone", async () => {
    rememberShownPage("/chats/7", shownMatches);
    const crash = new Error("boom");
    const results: Results = { "routes/chats-id": { type: "error", result: crash } };
    expect(await run("GET", "/chats/7", results)).toBeUndefined();
  });

  it("knows a call without an answer in each browser's words, also when reading the answer broke off", () => {
    expect(isNetworkFailure(new TypeError("Failed to fetch"))).toBe(true);
    expect(isNetworkFailure(new TypeError("NetworkError when attempting to fetch resource."))).toBe(true);
    expect(isNetworkFailure(new TypeError("Load failed"))).toBe(true);
    expect(isNetworkFailure(new Error("Unable to decode turbo-stream response", { cause: noAnswer() }))).toBe(true);
    expect(isNetworkFailure(new TypeError("x is not a function"))).toBe(false);
    expect(isNetworkFailure(new Error("boom"))).toBe(false);
  });
});
