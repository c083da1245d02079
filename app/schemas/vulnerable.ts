// The operators' forms about members who may be vulnerable: the review on
// /admin/vulnerable (an optional note), and the desk's flag (a note saying why).
import { z } from "zod";

const note = z
  .string()
  .trim()
  .max(1000)
  .optional()
  .transform((value) => value ?? "");

export const vulnerableReviewSchema = z.object({
  member: z.coerce.number().int().positive(),
  note,
});

export const vulnerableFlagSchema = z.object({
  member: z.coerce.number().int().positive(),
  conversation: z.coerce
    .number()
    .int()
    .positive()
    .nullable()
    .optional()
    .transform((value) => value ?? null),
  note,
});
