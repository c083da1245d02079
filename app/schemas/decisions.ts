// Inputs of statements of reasons and appeals, shared by the forms (the
// console's reasons fields, the member's appeal form) and the rules. Messages
// are keys of the `decisions` namespace.
import { z } from "zod";
import { decisionGrounds } from "./enums.ts";

const id = z.coerce.number().int().positive();

/** An appeal's or an outcome's text: long enough to say something, short enough to read. */
export const APPEAL_TEXT = { min: 10, max: 2000 } as const;

const longText = (required: string) =>
  z
    .string({ error: required })
    .trim()
    .min(APPEAL_TEXT.min, "decisions:validation.tooShort")
    .max(APPEAL_TEXT.max, "decisions:validation.tooLong");

/** What every restriction is told with: the ground (a law or the terms), its clause, and the facts. */
const reasonsFields = {
  ground: z.enum(decisionGrounds, { error: "decisions:validation.ground" }),
  clause: z
    .string({ error: "decisions:validation.clause" })
    .trim()
    .min(2, "decisions:validation.clause")
    .max(200, "decisions:validation.clauseLong"),
  facts: longText("decisions:validation.facts"),
};

/** A member's (or reporter's) one appeal against a decision. */
export const appealSchema = z.object({ decision: id, text: longText("decisions:validation.appealText") });

export const appealOutcomes = ["uphold", "reverse"] as const;

/** An operator's decision on an appeal, with the text mailed to the appellant. */
export const appealDecisionSchema = z.object({
  appeal: id,
  outcome: z.enum(appealOutcomes, { error: "decisions:validation.outcome" }),
  text: longText("decisions:validation.outcomeText"),
});

/** A photo decision in the queue: approving needs nothing more, rejecting needs its reasons. */
export const photoDecisionSchema = z.discriminatedUnion("decision", [
  z.object({ photo: id, decision: z.literal("approve") }),
  z.object({ photo: id, decision: z.literal("reject"), ...reasonsFields }),
]);

/** A ban: the internal note the console keeps (ban notice) and the reasons the member is told. */
export const banWithReasonsSchema = z.object({
  reason: z.string().trim().min(1, "admin:validation.required").max(500, "admin:validation.tooLong"),
  ...reasonsFields,
});

/** The "about" text of a profile removed, with its reasons. */
export const textRejectionSchema = z.object(reasonsFields);

/** Splits a submitted form into its own fields and the reasons (the rules take them apart). */
export function withReasons<T extends { ground: "law" | "terms"; clause: string; facts: string }>(value: T) {
  const { ground, clause, facts, ...rest } = value;
  return { ...rest, reasons: { ground, clause, facts } };
}
