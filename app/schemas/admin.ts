// Operator console inputs, shared by the console's Conform forms and
// its rules. Messages are keys of the `admin` namespace.
import { z } from "zod";
import { complaintStatuses, paymentMethods, paymentStatuses } from "./enums.ts";

const text = (max: number, required = "admin:validation.required") =>
  z.string({ error: required }).trim().min(1, required).max(max, "admin:validation.tooLong");

export const operatorLoginSchema = z.object({
  email: z
    .string({ error: "admin:validation.emailInvalid" })
    .trim()
    .toLowerCase()
    .pipe(z.email({ error: "admin:validation.emailInvalid" })),
  password: z.string({ error: "admin:validation.required" }).min(1, "admin:validation.required").max(200),
  redirectTo: z.string().max(500).optional(),
});

export const totpCodeSchema = z.object({
  code: z
    .string({ error: "admin:validation.codeInvalid" })
    .transform((v) => v.replace(/\s+/g, ""))
    .pipe(z.string().regex(/^\d{6}$/, "admin:validation.codeInvalid")),
  redirectTo: z.string().max(500).optional(),
});

/** A host name as a domain key: lower case, no scheme, port or "www.". */
const domainNameSchema = z
  .string({ error: "admin:validation.required" })
  .trim()
  .toLowerCase()
  .transform((v) => v.replace(/^www\./, ""))
  .pipe(
    z
      .string()
      .max(253, "admin:validation.tooLong")
      .regex(/^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/, {
        message: "admin:validation.domainInvalid",
      }),
  );

export const createDomainSchema = z.object({
  domain: domainNameSchema,
  copyFrom: z.string().max(253).optional(),
});

/** The settings document as typed in the editor; its contents are checked by the settings schema itself. */
export const settingsEditSchema = z.object({
  intent: z.enum(["preview", "save"]),
  json: text(100_000),
  version: z.string().max(100).optional(),
});

const countryCode = z
  .string({ error: "admin:validation.required" })
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{2}$/, "admin:validation.countryInvalid");

export const packageSchema = z.object({
  id: z.coerce.number().int().positive().optional(),
  country: countryCode,
  currency: z
    .string({ error: "admin:validation.required" })
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{3}$/, "admin:validation.currencyInvalid"),
  credits: z.coerce
    .number({ error: "admin:validation.numberInvalid" })
    .int("admin:validation.numberInvalid")
    .min(1, "admin:validation.numberInvalid")
    .max(100_000, "admin:validation.numberInvalid"),
  price: z.coerce
    .number({ error: "admin:validation.priceInvalid" })
    .min(0.01, "admin:validation.priceInvalid")
    .max(10_000, "admin:validation.priceInvalid")
    .transform((v) => Math.round(v * 100)),
  style: z.enum(["p0", "p1", "p2", "p3"]),
  popular: z.preprocess((v) => v === "on" || v === true, z.boolean()),
  active: z.preprocess((v) => v === "on" || v === true, z.boolean()),
});

export const reportDecisionSchema = z.object({
  report: z.coerce.number().int().positive(),
  decision: z.enum(["dismiss", "action"]),
});

export const complaintStatusSchema = z.object({
  complaint: z.coerce.number().int().positive(),
  status: z.enum(complaintStatuses),
});

export const complaintReplySchema = z.object({
  complaint: z.coerce.number().int().positive(),
  message: text(5000),
  close: z.preprocess((v) => v === "on" || v === true, z.boolean()),
});

export const memberSearchSchema = z.object({
  q: z.string().trim().max(254).optional(),
});

/** A credit adjustment: positive adds, negative removes (never below zero). */
export const creditAdjustmentSchema = z.object({
  amount: z.coerce
    .number({ error: "admin:validation.numberInvalid" })
    .int("admin:validation.numberInvalid")
    .min(-100_000, "admin:validation.numberInvalid")
    .max(100_000, "admin:validation.numberInvalid")
    .refine((v) => v !== 0, "admin:validation.notZero"),
  reason: text(200),
  // One key per rendered form: submitting the same form twice books once.
  key: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/),
});

export const deleteMemberSchema = z.object({
  confirm: z.literal("on", { error: "admin:validation.confirmRequired" }),
});

const isoDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .optional()
  .catch(undefined);

export const paymentFilterSchema = z.object({
  status: z.enum(paymentStatuses).optional().catch(undefined),
  method: z.enum(paymentMethods).optional().catch(undefined),
  country: z
    .string()
    .regex(/^[A-Z]{2}$/)
    .optional()
    .catch(undefined),
  domain: z.string().max(253).optional().catch(undefined),
  from: isoDay,
  to: isoDay,
  page: z.coerce.number().int().min(1).max(10_000).optional().catch(undefined),
});
export type PaymentFilter = z.infer<typeof paymentFilterSchema>;

/** What an audit entry can be about (keys of `admin:audit.targets`). */
export const auditTargetTypes = [
  "operator",
  "domain",
  "package",
  "photo",
  "report",
  "complaint",
  "member",
  "payment",
  "mail",
  "sms",
  "broadcast",
  // An answer written at the chat desk as a fictional profile.
  "conversation",
  // An appeal against a statement of reasons, upheld or reversed.
  "appeal",
] as const;
export type AuditTargetType = (typeof auditTargetTypes)[number];

/** The audit trail's filter in the address: an id only within a known target type; anything else filters nothing. */
export const auditFilterSchema = z
  .object({
    type: z.enum(auditTargetTypes).optional().catch(undefined),
    id: z.string().optional().catch(undefined),
    page: z
      .string()
      .optional()
      .catch(undefined)
      .transform((page) => Math.min(10_000, Math.max(1, Number(page) || 1))),
  })
  .transform(({ type, id, page }) => ({
    targetType: type,
    targetId: type ? id?.slice(0, 253) || undefined : undefined,
    page,
  }));

export const refundSchema = z.object({
  payment: z.coerce.number().int().positive(),
  confirm: z.literal("on", { error: "admin:validation.confirmRequired" }),
});

/** A form that is only a button: what it asks for is its intent. */
export const intentSchema = z.object({ intent: z.string().max(40) });

/** A stuck mail or text an operator sends on its way again. */
export const outboxRetrySchema = z.object({
  channel: z.enum(["mail", "sms"], { error: "admin:validation.required" }),
  id: z.coerce.number({ error: "admin:validation.required" }).int().positive().max(Number.MAX_SAFE_INTEGER),
});
