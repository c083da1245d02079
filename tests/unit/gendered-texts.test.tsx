// @vitest-environment happy-dom
// Text that speaks of a member, or in their voice, uses their gender where
// the language needs one, and a neutral text where it does not know it: a
// Polish mail says "Bram polubił", "Anna polubiła", never "polubił(a)"; an
// opening line is sent in the sender's own form, never "sam/sama".
import { cleanup, render, screen } from "@testing-library/react";
import i18next from "i18next";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { createRoutesStub } from "react-router";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { IcebreakerModal } from "#app/components/chat/icebreaker-modal.tsx";
import type { Gender } from "#app/schemas/enums.ts";
import { composeMail } from "#app/server/mail/compose.ts";
import chatPl from "../../locales/pl/chat.json";

const site = { name: "Hartslag", supportEmail: "support@hartslag.example", baseUrl: "https://hartslag.example" };
const link = "https://hartslag.example/likes/m/7";
const GENDER_DODGE = /\p{Ll}\((?:a|e|ka)\)|\p{Ll}\/\p{Ll}/u;

const likeMail = (senderGender?: Gender) =>
  composeMail({
    to: "anna@example.org",
    template: "like",
    locale: "pl",
    params: { name: "Anna", link, sender: "Bram", ...(senderGender ? { senderGender } : {}) },
    site,
  });

describe("a mail about a like, in Polish", () => {
  it("speaks of the sender in their gender, and neutrally without one", () => {
    const [male, female, neutral] = [likeMail("male"), likeMail("female"), likeMail()];
    expect(male.subject).not.toBe(female.subject);
    for (const mail of [male, female, neutral]) {
      expect(mail.subject).toContain("Bram");
      // The link in the text has slashes of its own: only the words are held to the rule.
      expect(`${mail.subject}\n${mail.text}`.replace(/https?:\/\/\S+/g, "")).not.toMatch(GENDER_DODGE);
    }
  });
});

const NoFallback = () => null;
const Lines = () => <IcebreakerModal name="Ola" cost={5} onPick={() => {}} onClose={() => {}} />;

describe("the opening lines, in Polish", () => {
  beforeAll(async () => {
    await i18next.use(initReactI18next).init({
      lng: "pl",
      defaultNS: "chat",
      resources: { pl: { chat: chatPl } },
      interpolation: { escapeValue: false },
    });
  });
  afterEach(cleanup);

  function showFor(gender: Gender) {
    const Stub = createRoutesStub([
      {
        id: "root",
        path: "/chats/1",
        loader: () => ({ member: { gender } }),
        HydrateFallback: NoFallback,
        Component: Lines,
      },
    ]);
    render(
      <I18nextProvider i18n={i18next}>
        <Stub initialEntries={["/chats/1"]} />
      </I18nextProvider>,
    );
  }

  it.each(["male", "female"] as const)("are written in the voice of a %s sender", async (gender) => {
    showFor(gender);
    const dialog = await screen.findByTestId("icebreaker");
    expect(dialog.textContent).toContain(i18next.t("icebreaker.own", { context: gender }));
    expect(dialog.textContent).not.toMatch(GENDER_DODGE);
  });

  it("differ where Polish needs the sender's gender", () => {
    expect(i18next.t("icebreaker.own", { context: "male" })).not.toBe(
      i18next.t("icebreaker.own", { context: "female" }),
    );
  });
});
