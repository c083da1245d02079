// A member's private note about another member, as the notes form sends it.
import { z } from "zod";

export const NOTE_MAX_LENGTH = 1000;

export const profileNoteSchema = z.object({
  intent: z.literal("note"),
  // Conform sends an emptied textarea as no value at all: that deletes the note.
  note: z
    .string()
    .trim()
    .max(NOTE_MAX_LENGTH, "validation:noteTooLong")
    .optional()
    .transform((v) => v ?? ""),
});
