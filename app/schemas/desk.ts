// The chat desk's forms, shared by the console page (Conform) and its action:
// an answer as a fictional profile, a release of the claim, a flag that the
// member may be vulnerable. The answer's length limit is the member's domain's
// (message_length), checked by the rule, so it is told with the limit.
import { z } from "zod";

const required = "admin:validation.required";

export const deskAnswerSchema = z.object({
  intent: z.literal("answer"),
  // Made when the page was drawn: the same answer posted twice is one message.
  clientId: z.string().regex(/^[A-Za-z0-9-]{8,64}$/, "admin:validation.required"),
  text: z.string({ error: required }).trim().min(1, required).max(20_000, "admin:validation.tooLong"),
});

export const deskFlagSchema = z.object({
  intent: z.literal("flag"),
  note: z.string({ error: required }).trim().min(1, required).max(1000, "admin:validation.tooLong"),
});
