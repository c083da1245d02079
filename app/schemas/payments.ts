// Payment inputs, shared by the forms and the rules.
import { electronicFormatIBAN, isValidIBAN } from "ibantools";
import { z } from "zod";

const required = (key: string) => z.string({ error: key }).trim().min(1, key);

export const checkoutSchema = z.object({
  package: z.coerce.number().int().positive(),
  method: z.string().regex(/^[a-z0-9]{2,20}$/),
  code: z
    .string()
    .trim()
    .max(40)
    .optional()
    .transform((v) => v || null),
});

export const directDebitSchema = z.object({
  package: z.coerce.number().int().positive(),
  account_holder: required("validation:accountHolderRequired").pipe(z.string().max(70, "validation:textTooLong")),
  // Spaces and lower case are fine; the check digits (mod 97) decide.
  iban: required("validation:ibanInvalid")
    .transform((v) => electronicFormatIBAN(v) ?? "")
    .refine((v) => isValidIBAN(v), "validation:ibanInvalid"),
  street: required("validation:streetRequired").pipe(z.string().max(100, "validation:textTooLong")),
  house_number: required("validation:houseNumberRequired").pipe(z.string().max(10, "validation:textTooLong")),
  postcode: required("validation:postcodeRequired").pipe(z.string().max(12, "validation:textTooLong")),
  city: required("validation:cityRequired").pipe(z.string().max(60, "validation:textTooLong")),
  mobile: required("validation:mobileInvalid")
    .transform((v) => v.replace(/[\s().-]/g, ""))
    .refine((v) => /^\+?[0-9]{8,15}$/.test(v), "validation:mobileInvalid"),
  consent: z.literal("on", { error: "validation:consentRequired" }),
});

export const smsCodeSchema = z.object({
  mandate: z.coerce.number().int().positive(),
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, "errors:codeInvalid"),
});
