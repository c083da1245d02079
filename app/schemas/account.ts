// Account inputs, shared by the forms (Conform, in the browser) and
// the server rules. Messages are translation keys of the `validation`
// namespace; forms render them with t(message, { age }).
import { z } from "zod";

import { genders, notificationTypes } from "./enums.ts";

export const emailSchema = z
  .string({ error: "validation:emailRequired" })
  .trim()
  .min(1, "validation:emailRequired")
  .max(254, "validation:emailInvalid")
  .toLowerCase()
  .pipe(z.email({ error: "validation:emailInvalid" }));

const passwordSchema = z
  .string({ error: "validation:passwordRequired" })
  .min(8, "validation:passwordTooShort")
  .max(128, "validation:passwordTooLong");

export const profileNameSchema = z
  .string({ error: "validation:nameRequired" })
  .trim()
  .min(2, "validation:nameTooShort")
  .max(30, "validation:nameTooLong")
  .refine((name) => !name.startsWith("@"), "validation:nameStartsWithAt");

/**
 * The profile name may not be the account's own e-mail address, in any case:
 * signup (the address typed beside it), /profile (the account's) and a change
 * of address (the name the member already has) alike.
 */
export function nameIsEmail(name: string, email: string): boolean {
  return name.trim().toLowerCase() === email.trim().toLowerCase();
}

export function withNameOtherThanEmail<T extends z.ZodType<{ name: string }>>(
  schema: T,
  emailOf: (value: z.output<T>) => string,
) {
  return schema.refine((value) => !nameIsEmail(value.name, emailOf(value)), {
    path: ["name"],
    message: "validation:nameEqualsEmail",
  });
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Years between a YYYY-MM-DD birth date and a moment, in UTC. */
function yearsSince(date: string, now: number): number {
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  const today = new Date(now);
  const month = today.getUTCMonth() + 1;
  const age = today.getUTCFullYear() - y;
  return month < m || (month === m && today.getUTCDate() < d) ? age - 1 : age;
}

function isRealDate(value: string): boolean {
  if (!ISO_DATE.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
}

/** Date of birth: required, a real date, at least `minimumAge` and at most 120 years ago. */
function dateOfBirthSchema(minimumAge: number, now: number) {
  return (
    z
      .string({ error: "validation:dateOfBirthRequired" })
      .trim()
      // Each check stops the chain, so a field gets one clear message.
      .min(1, { message: "validation:dateOfBirthRequired", abort: true })
      .refine(isRealDate, { message: "validation:dateOfBirthInvalid", abort: true })
      .refine((value) => yearsSince(value, now) <= 120 && yearsSince(value, now) >= 0, {
        message: "validation:dateOfBirthInvalid",
        abort: true,
      })
      .refine((value) => yearsSince(value, now) >= minimumAge, "validation:tooYoung")
  );
}

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, "validation:textTooLong")
    .optional()
    .transform((v) => v || undefined);

export function signupSchema(options: { minimumAge: number; now: number }) {
  return withNameOtherThanEmail(
    z.object({
      gender: z.enum(genders, { error: "validation:genderRequired" }),
      seeking: z.enum(genders, { error: "validation:seekingRequired" }),
      email: emailSchema,
      name: profileNameSchema,
      date_of_birth: dateOfBirthSchema(options.minimumAge, options.now),
      password: passwordSchema,
      signup_message: optionalText(500),
      /** "Send me offers and news by e-mail": never ticked for the member; unticked (absent) is no. */
      promotions: z.preprocess((v) => v === "on" || v === "true" || v === true, z.boolean()),
    }),
    (v) => v.email,
  );
}

export const loginSchema = z.object({
  email: emailSchema,
  password: z.string({ error: "validation:passwordRequired" }).min(1, "validation:passwordRequired").max(128),
  redirectTo: z.string().max(500).optional(),
});

export const resetRequestSchema = z.object({ email: emailSchema });

const newPasswordSchema = z
  .object({
    password: passwordSchema,
    password_repeat: z.string({ error: "validation:passwordRequired" }),
  })
  .refine((v) => v.password === v.password_repeat, {
    path: ["password_repeat"],
    message: "validation:passwordsDiffer",
  });

export const resetPasswordSchema = newPasswordSchema.and(z.object({ token: z.string().min(1).max(200) }));

export const changePasswordSchema = newPasswordSchema.and(
  z.object({
    current_password: z.string({ error: "validation:passwordRequired" }).min(1, "validation:passwordRequired"),
  }),
);

export const changeEmailSchema = z.object({
  email: emailSchema,
  current_password: z.string({ error: "validation:passwordRequired" }).min(1, "validation:passwordRequired"),
});

export const deleteAccountSchema = z.object({
  current_password: z.string({ error: "validation:passwordRequired" }).min(1, "validation:passwordRequired"),
  reason: optionalText(500),
});

export const trackingSchema = z.object({
  network: z.string().max(100).optional(),
  ref: z.string().max(100).optional(),
  sub1: z.string().max(200).optional(),
  sub2: z.string().max(200).optional(),
  sub3: z.string().max(200).optional(),
  /** The lander the visitor signed up from (tracking_data.lander). */
  lander: z
    .string()
    .regex(/^[a-z0-9-]{1,100}$/)
    .optional()
    .catch(undefined),
});
export type Tracking = z.infer<typeof trackingSchema>;

const checkbox = z
  .literal("on")
  .optional()
  .transform((v) => v === "on");

/** The notification matrix of the settings screen: `email_<type>` and `push_<type>` checkboxes. */
export const notificationsFormSchema = z.object(
  Object.fromEntries(
    notificationTypes.flatMap((type) => [
      [`email_${type}`, checkbox],
      [`push_${type}`, checkbox],
    ]),
  ),
) as unknown as z.ZodType<Record<string, boolean>>;

export const invisibleFormSchema = z.object({ invisible: checkbox });
