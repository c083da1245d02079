// Recognising a member's question whether they talk to a real person, in any
// of the 11 languages, however it is typed (case, accents, punctuation), and
// not in ordinary sentences that merely share a word.
import { describe, expect, it } from "vitest";
import { locales } from "#app/i18n/locales.ts";
import { asksForRealPerson, realPersonQuestions } from "#app/server/desk/real-person-questions.ts";

describe("questions for a real person", () => {
  it("has several usual ways of asking in every language", () => {
    for (const locale of locales) expect(realPersonQuestions[locale].length).toBeGreaterThanOrEqual(10);
  });

  it.each([
    "Ben jij echt?",
    "ben je wel ECHT??",
    "Hé, praat ik met een echt persoon of niet",
    "Are you a BOT?",
    "Bist du ein echter Mensch?",
    "Es-tu réel ?",
    "tu es reelle?",
    "¿Eres una persona real?",
    "Sei vera?",
    "Czy jesteś prawdziwą osobą?",
    "czy jestes prawdziwa osoba",
    "Oletko oikea ihminen?",
    "Är du en riktig person?",
    "Er du ægte?",
    "Er du en ekte person?",
  ])("recognises %s", (message) => {
    expect(asksForRealPerson(message)).toBe(true);
  });

  it.each([
    "Ik ben echt blij dat je schrijft",
    "Wat een echt mooi profiel",
    "Are you really going to Paris?",
    "Ben je vanavond thuis?",
    "Er du glad i fotball?",
  ])("leaves %s alone", (message) => {
    expect(asksForRealPerson(message)).toBe(false);
  });
});
