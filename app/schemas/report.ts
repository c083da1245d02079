// Reporting a profile or one of its messages: the same schema checks
// the dialog in the browser and the action on the server.
import { z } from "zod";
import { reportReasons } from "./enums.ts";

const id = z.coerce.number().int().positive().max(2_147_483_647);

export const REPORT_TEXT_MAX = 1000;

export const reportSchema = z
  .object({
    member: id,
    // A message is named by its conversation and its number in it.
    conversation: id.optional(),
    seq: id.optional(),
    reason: z.enum(reportReasons, { error: "validation:reportReason" }),
    text: z.string().trim().max(REPORT_TEXT_MAX, "validation:textTooLong").default(""),
  })
  .refine((report) => (report.conversation === undefined) === (report.seq === undefined), {
    message: "validation:reportIncomplete",
    path: ["seq"],
  })
  .refine((report) => report.reason !== "other" || report.text.length >= 10, {
    message: "validation:reportTextNeeded",
    path: ["text"],
  });

export type ReportInput = z.output<typeof reportSchema>;
