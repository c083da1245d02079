// @vitest-environment happy-dom
// The ways into a chat that the app shows (the profile's "send a message" and
// the match modal's button) post to /members/{id}/chat: that door's GET only
// looks, since any site can link to it, and only a post starts a conversation.
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import i18next from "i18next";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { createRoutesStub } from "react-router";
import { afterEach, beforeAll, expect, it, vi } from "vitest";
import { MatchModal } from "#app/components/profile/match-modal.tsx";
import { ProfileActions } from "#app/components/profile/profile-actions.tsx";
import membersNl from "../../locales/nl/members.json";
import safetyNl from "../../locales/nl/safety.json";

beforeAll(async () => {
  await i18next.use(initReactI18next).init({
    lng: "nl",
    resources: { nl: { members: membersNl, safety: safetyNl } },
    interpolation: { escapeValue: false },
  });
});
afterEach(cleanup);

const ChatDoor = () => <p>chat door</p>;

/** Renders a page at /members/42 beside the chat door, whose action records what reached it. */
function renderBesideChatDoor(page: () => React.ReactNode) {
  const started = vi.fn(async ({ request, params }: { request: Request; params: { id?: string } }) => {
    return { method: request.method, id: params.id };
  });
  const Stub = createRoutesStub([
    { path: "/members/:id", Component: page, action: () => null },
    { path: "/members/:id/chat", action: started, Component: ChatDoor },
  ]);
  render(
    <I18nextProvider i18n={i18next}>
      <Stub initialEntries={["/members/42"]} />
    </I18nextProvider>,
  );
  return started;
}

it("posts the profile's 'send a message' to the chat door", async () => {
  const started = renderBesideChatDoor(() => (
    <ProfileActions
      id={42}
      name="Bram"
      photo={null}
      relation={{ own: false, liked: false, likedBy: false, match: false, blockedByMe: false }}
      gifts={null}
    />
  ));
  fireEvent.click(await screen.findByRole("button", { name: membersNl.sendMessage }));
  expect(await screen.findByText("chat door")).toBeTruthy();
  expect(started).toHaveBeenCalledTimes(1);
  expect(await started.mock.results[0]!.value).toEqual({ method: "POST", id: "42" });
});

it("posts the match modal's button to the chat door of the match", async () => {
  HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
    this.open = true;
  };
  const started = renderBesideChatDoor(() => (
    <MatchModal
      name="Bram"
      photo={null}
      memberId={42}
      keepGoing="Verder kijken"
      action="Stuur Bram een bericht"
      onClose={() => {}}
    />
  ));
  fireEvent.click(await screen.findByTestId("match-action"));
  expect(await screen.findByText("chat door")).toBeTruthy();
  expect(await started.mock.results[0]!.value).toEqual({ method: "POST", id: "42" });
});
