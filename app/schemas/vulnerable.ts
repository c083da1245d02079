// The operators' forms about members who may be vulnerable: the review on
// /admin/vulnerable, with an optional note.
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
