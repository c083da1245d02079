// @vitest-environment happy-dom
// The swipe game's card: a flick decides by how far the pointer travelled,
// even when the release comes before React has drawn the drag (a busy phone).
import { cleanup, render, screen, waitFor } from "@testing-library/react";
import i18next from "i18next";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { createRoutesStub } from "react-router";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { type SwipeCandidate, SwipeDeck } from "#app/components/swipe/swipe-deck.tsx";
import swipeNl from "../../locales/nl/swipe.json";

beforeAll(async () => {
  await i18next.use(initReactI18next).init({
    lng: "nl",
    resources: { nl: { swipe: swipeNl } },
    interpolation: { escapeValue: false },
  });
  // happy-dom has no pointer capture; the deck only asks for it.
  HTMLElement.prototype.setPointerCapture ??= () => {};
});
afterEach(cleanup);

const candidate = (id: number): SwipeCandidate => ({
  id,
  name: `Lid ${id}`,
  age: 30,
  region: null,
  photo: null,
  fictional: false,
  shared: [],
});

function Game() {
  return (
    <SwipeDeck candidates={[candidate(1), candidate(2)]} allowance={{ limit: 4, left: 4, resetsAtLabel: "00:00" }} />
  );
}

type Answer = (form: FormData) => Promise<Record<string, unknown>>;

function show(submitted: FormData[], answer: Answer = async () => ({ intent: "like" })) {
  const Stub = createRoutesStub([
    {
      path: "/swipe-game",
      Component: Game,
      action: async ({ request }) => {
        const form = await request.formData();
        submitted.push(form);
        return answer(form);
      },
    },
  ]);
  return render(
    <I18nextProvider i18n={i18next}>
      <Stub initialEntries={["/swipe-game"]} />
    </I18nextProvider>,
  );
}

const pointer = (type: string, clientX: number) =>
  new PointerEvent(type, { clientX, clientY: 200, pointerId: 1, bubbles: true });

describe("the swipe deck", () => {
  it("likes on a fast flick to the right, released before the drag is drawn", async () => {
    const submitted: FormData[] = [];
    show(submitted);
    const card = await screen.findByTestId("swipe-card");
    // Dispatched in one go: React has not rendered the move when the release arrives.
    card.dispatchEvent(pointer("pointerdown", 100));
    card.dispatchEvent(pointer("pointermove", 330));
    card.dispatchEvent(pointer("pointerup", 330));
    await waitFor(() => expect(screen.getByTestId("swipe-card").dataset.memberId).toBe("2"));
    await waitFor(() => expect(submitted).toHaveLength(1));
    expect(Object.fromEntries(submitted[0]!)).toEqual({ intent: "like", target: "1" });
  });

  it("keeps the answer to every like when the next comes before it: a match with the first is shown", async () => {
    const submitted: FormData[] = [];
    show(submitted, async (form) => {
      const target = Number(form.get("target"));
      // The first like is answered last, as on a busy line.
      await new Promise((resolve) => setTimeout(resolve, target === 1 ? 80 : 0));
      return { intent: "like", target, match: target === 1 };
    });
    await screen.findByTestId("swipe-card");
    window.dispatchEvent(new KeyboardEvent("keydown", { key: "ArrowRight" }));
    await waitFor(() => expect(screen.getByTestId("swipe-card").dataset.memberId).toBe("2"));
    window.dispatchEvent(new KeyboardEvent("keydown", { key: "ArrowRight" }));
    await waitFor(() => expect(submitted).toHaveLength(2));
    // The match modal's button posts to the first member's chat door.
    await waitFor(() => expect(document.querySelector('form[action="/members/1/chat"] button')).not.toBeNull());
  });

  it("springs back on a short drag, deciding nothing", async () => {
    const submitted: FormData[] = [];
    show(submitted);
    const card = await screen.findByTestId("swipe-card");
    card.dispatchEvent(pointer("pointerdown", 100));
    card.dispatchEvent(pointer("pointermove", 150));
    card.dispatchEvent(pointer("pointerup", 150));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getByTestId("swipe-card").dataset.memberId).toBe("1");
    expect(submitted).toEqual([]);
  });
});
