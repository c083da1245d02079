// Forms of the notifications capability, shared by page and action.
import { z } from "zod";

/** The /unsubscribe page's button: the signed token from the mail's link. */
export const unsubscribeSchema = z.object({
  token: z.string().regex(/^[1-9]\d{0,9}\.(?:[a-z]+\.)?[A-Za-z0-9_-]{24}$/, "errors:linkInvalid"),
});
