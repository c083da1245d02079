// @vitest-environment happy-dom
// The chat's top bar leads to the other member's profile only where this
// domain shows it: a member outside its audience is a name, not a link to a
// "member not found".
import { cleanup, render, screen } from "@testing-library/react";
import i18next from "i18next";
import { initReactI18next } from "react-i18next";
import { createRoutesStub } from "react-router";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { type ChatPartner, ChatTopBar } from "#app/components/chat/chat-top-bar.tsx";
import chatNl from "../../locales/nl/chat.json";

beforeAll(async () => {
  await i18next.use(initReactI18next).init({
    lng: "nl",
    resources: { nl: { chat: chatNl } },
    interpolation: { escapeValue: false },
  });
});
afterEach(cleanup);

const partner = (extra: Partial<ChatPartner> = {}): ChatPartner => ({
  id: 7,
  name: "Kasia",
  age: 41,
  photo: null,
  fictional: false,
  online: false,
  ...extra,
});

let shown: ChatPartner;
function Bar() {
  return <ChatTopBar other={shown} credits={3} />;
}

function renderBar(other: ChatPartner) {
  shown = other;
  const Stub = createRoutesStub([{ path: "/chats/1", Component: Bar }]);
  render(<Stub initialEntries={["/chats/1"]} />);
}

describe("the chat's top bar", () => {
  it("links the other member's name to their profile", () => {
    renderBar(partner());
    expect(screen.getByRole("heading", { name: /Kasia/ }).closest("a")?.getAttribute("href")).toBe("/members/7");
  });

  it("shows only the name of a member whose profile this domain does not show", () => {
    renderBar(partner({ profileShown: false }));
    expect(screen.getByRole("heading", { name: /Kasia/ }).closest("a")).toBeNull();
    expect(screen.queryByText(chatNl.conversation.viewProfile)).toBeNull();
  });
});
