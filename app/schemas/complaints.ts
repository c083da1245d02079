// The complaints form (/complaints), shared by the Conform form and the
// server. Messages are translation keys (content namespace, or validation).
import { z } from "zod";
import { emailSchema } from "./account.ts";

const text = (required: string, min: number, tooShort: string, max: number) =>
  z
    .string({ error: required })
    .trim()
    .min(1, { message: required, abort: true })
    .min(min, tooShort)
    .max(max, "validation:textTooLong");

export const complaintSchema = z.object({
  name: text("content:complaints.errors.nameRequired", 2, "content:complaints.errors.nameTooShort", 80),
  email: emailSchema,
  subject: text("content:complaints.errors.subjectRequired", 3, "content:complaints.errors.subjectTooShort", 120),
  message: text("content:complaints.errors.messageRequired", 20, "content:complaints.errors.messageTooShort", 5000),
});

export type ComplaintInput = z.output<typeof complaintSchema>;

export const COMPLAINT_MESSAGE_MAX = 5000;
