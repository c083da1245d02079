// The adapters between React Router and the domain: the one reading of an id
// in a path or query (a member, a conversation, a payment, a mandate).
import { z } from "zod";

// Ids are D1 rowids, counted up from 1 and never written with a leading zero.
// Twelve digits is more rows than one D1 database (10 GB) can hold, and stays
// far inside the integers a JavaScript number keeps exactly.
const idSchema = z
  .string()
  .regex(/^[1-9]\d{0,11}$/)
  .transform(Number);

/** The id `value` names, or null when it names none (the page then answers 404). */
export function parseId(value: string | null | undefined): number | null {
  const parsed = idSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}
