// @vitest-environment happy-dom
// The draft kept in the browser per member and conversation: the typed text
// survives leaving the page (to buy credits), goes once sent, and never
// outlives a logout.
import { afterEach, describe, expect, it, vi } from "vitest";
import { draftStorage, forgetOutboxes, forgetOutboxesBut } from "#app/components/chat/outbox-storage.ts";

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe("the stored chat draft", () => {
  it("keeps the typed text per member and conversation", () => {
    draftStorage(1, 7).write("Zin in koffie?");
    expect(draftStorage(1, 7).read()).toBe("Zin in koffie?");
    expect(draftStorage(1, 8).read()).toBe("");
    expect(draftStorage(2, 7).read()).toBe("");
  });

  it("forgets the draft once the box is empty (sent or cleared)", () => {
    const draft = draftStorage(1, 7);
    draft.write("Hoi");
    draft.write("  ");
    expect(draft.read()).toBe("");
    expect(localStorage.length).toBe(0);
  });

  it("forgets every draft on the device when the member logs out", () => {
    draftStorage(1, 7).write("Hoi");
    draftStorage(3, 9).write("Hallo");
    localStorage.setItem("theme", "dark");
    forgetOutboxes();
    expect(draftStorage(1, 7).read()).toBe("");
    expect(draftStorage(3, 9).read()).toBe("");
    expect(localStorage.getItem("theme")).toBe("dark");
  });

  it("keeps only the logged-in member's drafts on the device", () => {
    draftStorage(1, 7).write("Hoi");
    draftStorage(11, 7).write("Hallo");
    draftStorage(3, 9).write("Dag");
    forgetOutboxesBut(1);
    expect(draftStorage(1, 7).read()).toBe("Hoi");
    expect(draftStorage(11, 7).read()).toBe("");
    expect(draftStorage(3, 9).read()).toBe("");
    forgetOutboxesBut(null);
    expect(draftStorage(1, 7).read()).toBe("");
  });

  it("never breaks the chat when storage is not allowed", () => {
    vi.stubGlobal("localStorage", {
      getItem: () => {
        throw new Error("denied");
      },
      setItem: () => {
        throw new Error("denied");
      },
      removeItem: () => {
        throw new Error("denied");
      },
    });
    const draft = draftStorage(1, 7);
    expect(() => draft.write("Hoi")).not.toThrow();
    expect(draft.read()).toBe("");
  });
});
