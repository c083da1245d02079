// The browser's side of every /api call (retries, the end of a session) and
// the count in the page title.
import { afterEach, describe, expect, it, vi } from "vitest";
import { apiFetch, whenSessionEnds } from "#app/components/runtime/api.ts";
import { titleWithCount } from "#app/components/runtime/title-count.ts";

const sessionEndedAnswer = () =>
  Response.json({ error: "authentication_required", message: "Log in om verder te gaan." }, { status: 403 });

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("apiFetch", () => {
  it("tries again after a network error, 429 and 5xx, with the client header, and gives the answer", async () => {
    const answers = [() => Promise.reject(new TypeError("offline")), () => new Response(null, { status: 429 })];
    answers.push(
      () => new Response(null, { status: 503 }),
      () => Response.json({ ok: true }),
    );
    const fetch = vi.fn(async (_path: string, _init?: RequestInit) => answers.shift()!());
    vi.stubGlobal("fetch", fetch);
    const response = await apiFetch("/api/geocode.php?lat=52.37&lon=4.9", {}, { firstDelayMs: 1 });
    expect(await response.json()).toEqual({ ok: true });
    expect(fetch).toHaveBeenCalledTimes(4);
    expect(new Headers(fetch.mock.calls[0]![1]!.headers).get("X-Requested-With")).toBe("XMLHttpRequest");
  });

  it("gives up after 5 retries", async () => {
    const fetch = vi.fn(async () => new Response(null, { status: 502 }));
    vi.stubGlobal("fetch", fetch);
    expect((await apiFetch("/api/timebonus", {}, { firstDelayMs: 1 })).status).toBe(502);
    expect(fetch).toHaveBeenCalledTimes(6);
  });

  it("takes a 4xx answer as final", async () => {
    const fetch = vi.fn(async () => Response.json({ error: "no_place" }, { status: 404 }));
    vi.stubGlobal("fetch", fetch);
    expect((await apiFetch("/api/geocode.php?lat=0&lon=0", {}, { firstDelayMs: 1 })).status).toBe(404);
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it("says the session ended when a call answers 403 authentication_required, and still gives the answer", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => sessionEndedAnswer()),
    );
    const ended = vi.fn();
    const stop = whenSessionEnds(ended);
    const response = await apiFetch("/api/chat.php", { method: "DELETE", body: "{}" });
    stop();
    expect(ended).toHaveBeenCalledTimes(1);
    expect(await response.json()).toMatchObject({ error: "authentication_required" });
  });

  it("leaves the answer of /api/user.php, and other refusals, to the caller", async () => {
    const ended = vi.fn();
    const stop = whenSessionEnds(ended);
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => sessionEndedAnswer()),
    );
    await apiFetch("/api/user.php?push=1", { method: "POST", body: "{}" }, { retries: 0 });
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => Response.json({ error: "forbidden" }, { status: 403 })),
    );
    await apiFetch("/api/payments/7");
    stop();
    expect(ended).not.toHaveBeenCalled();
  });
});

describe("the page title", () => {
  it("shows the real sum of unread messages and new likes, past 99", () => {
    expect(titleWithCount("Berichten | Hartslag", 150)).toBe("(150) Berichten | Hartslag");
    expect(titleWithCount("Berichten | Hartslag", 7)).toBe("(7) Berichten | Hartslag");
  });

  it("replaces the count the page had, and drops it at 0", () => {
    expect(titleWithCount("(150) Likes | Hartslag", 149)).toBe("(149) Likes | Hartslag");
    expect(titleWithCount("(99+) Likes | Hartslag", 120)).toBe("(120) Likes | Hartslag");
    expect(titleWithCount("(3) Likes | Hartslag", 0)).toBe("Likes | Hartslag");
  });
});
