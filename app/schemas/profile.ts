// Own-profile inputs shared by forms and rules.
import { z } from "zod";
import { profileNameSchema, withNameOtherThanEmail } from "./account.ts";
import { bodyTypes, eyeColours, genders, hairColours, relationshipStatuses, sexualities } from "./enums.ts";

const countryCode = z.string({ error: "validation:countryRequired" }).regex(/^[A-Z]{2}$/, "validation:countryRequired");

const optionalId = z.preprocess(
  (v) => (v === "" || v === undefined ? null : v),
  z.coerce.number().int().positive().nullable(),
);

/** What a member writes about themselves; left out, it is empty. */
const aboutText = z
  .string()
  .trim()
  .max(2000, "validation:textTooLong")
  .optional()
  .transform((v) => v ?? "");

export const locationSchema = z.object({ country: countryCode, region: optionalId });

export const completeSignupSchema = locationSchema.extend({
  about: aboutText,
});

const optionalChoice = <T extends readonly [string, ...string[]]>(values: T) =>
  z.preprocess((v) => (v === "" ? null : v), z.enum(values).nullable().default(null));

export const MAX_INTERESTS = 15;

/** The own-profile form (/profile): every profile field a member may change. */
export const ownProfileSchema = locationSchema.extend({
  name: profileNameSchema,
  gender: z.enum(genders, { error: "validation:genderRequired" }),
  seeking: z.enum(genders, { error: "validation:seekingRequired" }),
  /** Empty ("not said", the default) is null: orientation is shown only when the member sets it. */
  sexuality: optionalChoice(sexualities),
  hair_colour: optionalChoice(hairColours),
  eye_colour: optionalChoice(eyeColours),
  body_type: optionalChoice(bodyTypes),
  relationship_status: optionalChoice(relationshipStatuses),
  tattoos: z.preprocess((v) => (v === "yes" ? true : v === "no" ? false : null), z.boolean().nullable()),
  height_cm: z.preprocess(
    (v) => (v === "" || v === undefined ? null : v),
    z.coerce.number().int().min(120, "validation:heightRange").max(230, "validation:heightRange").nullable(),
  ),
  about: aboutText,
  interests: z
    .array(z.string().max(40))
    .max(MAX_INTERESTS, "validation:tooManyInterests")
    .optional()
    .transform((v) => v ?? []),
});

/** The own-profile form of the member with this e-mail address (the name may not be it). */
export const ownProfileFormSchema = (email: string) => withNameOtherThanEmail(ownProfileSchema, () => email);
