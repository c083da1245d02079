import { z } from "zod";

export const swipeActionSchema = z.object({
  intent: z.enum(["like", "pass"]),
  target: z.coerce.number().int().positive(),
});
