// The broadcast form: what kind of mail, its words per language and who gets
// it. Messages are keys of the `admin` namespace. The words are required in
// the audience's language, or in the default language when the audience
// speaks several (members of other languages then get the default's text).
import { z } from "zod";
import { defaultLocale, type Locale, locales } from "#app/i18n/locales.ts";

const optional = (max: number) => z.string().trim().max(max, "admin:validation.tooLong").optional().default("");

const words = Object.fromEntries(
  locales.flatMap((locale) => [
    [`subject_${locale}`, optional(150)],
    [`body_${locale}`, optional(5000)],
  ]),
) as Record<`subject_${Locale}` | `body_${Locale}`, ReturnType<typeof optional>>;

export const broadcastSchema = z
  .object({
    intent: z.enum(["count", "preview", "test", "send"], { error: "admin:validation.required" }),
    kind: z.enum(["promotions", "news"], { error: "admin:validation.required" }),
    domain: z.string({ error: "admin:validation.required" }).trim().toLowerCase().min(1, "admin:validation.required"),
    country: z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^([A-Z]{2})?$/, "admin:validation.countryInvalid")
      .optional()
      .default(""),
    language: z
      .enum(["", ...locales], { error: "admin:broadcasts.languageInvalid" })
      .optional()
      .default(""),
    premium: z.enum(["", "premium", "free"], { error: "admin:validation.required" }).optional().default(""),
    /** A promotion also for the members of the company's other domains that allow it (a checkbox). */
    otherDomains: z.literal("on", { error: "admin:validation.required" }).optional(),
    /** Issued with the form: submitting it twice sends the broadcast once. */
    key: z.string().regex(/^[a-z0-9-]{8,64}$/, "admin:validation.required"),
    /** The language of the preview and of the test mail to the operator. */
    testLocale: z.enum(locales).optional(),
    ...words,
  })
  .superRefine((value, ctx) => {
    const required = (value.language || defaultLocale) as Locale;
    for (const locale of locales) {
      const subject = value[`subject_${locale}`];
      const body = value[`body_${locale}`];
      if (locale === required || subject || body) {
        if (!subject)
          ctx.addIssue({ code: "custom", path: [`subject_${locale}`], message: "admin:validation.required" });
        if (!body) ctx.addIssue({ code: "custom", path: [`body_${locale}`], message: "admin:validation.required" });
      }
    }
  });

export type BroadcastForm = z.infer<typeof broadcastSchema>;
