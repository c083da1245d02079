// What a member can do on another member's profile.
import { z } from "zod";

export const memberActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("like") }),
  z.object({ intent: z.literal("unlike") }),
  z.object({ intent: z.literal("block") }),
  z.object({ intent: z.literal("unblock") }),
  z.object({
    intent: z.literal("gift"),
    gift: z.coerce.number().int().positive(),
    // Set by the page once per gift dialog, so a double click or a retry charges once.
    request: z.string().regex(/^[A-Za-z0-9-]{8,64}$/),
  }),
]);
