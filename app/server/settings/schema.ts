// Domain settings: one JSON document per domain in KV,
// validated by this one schema wherever it is read or written (Worker, CLI,
// operator console). Unknown keys are dropped; a document that fails is never used.
import { z } from "zod";
import { locales } from "#app/i18n/locales.ts";
import { paymentMethods } from "#app/schemas/enums.ts";

const countryCode = z
  .string()
  .regex(/^[A-Z]{2}$/, "ISO 3166-1 alpha-2, upper case")
  .describe("country code");

/** A text an operator writes once, or per locale; see `localizedText()`. */
const localizedTextSchema = z.union([z.string(), z.partialRecord(z.enum(locales), z.string())]);

/** The profile facts a domain may also offer as search filters. */
const searchableFacts = [
  "sexuality",
  "hair_colour",
  "eye_colour",
  "body_type",
  "relationship_status",
  "tattoos",
] as const;

const profileFields = [
  "age",
  "country",
  "region",
  "gender",
  ...searchableFacts,
  "height",
  "interests",
  "about",
] as const;

const searchFields = [...searchableFacts, "with_photo"] as const;

export const siteSettingsSchema = z.object({
  name: z.string().min(1).max(60),
  domain: z.string().min(1).max(253),
  /** The domain's logo mark: a path on this site or an https URL; empty shows the built-in heart. */
  logo: z
    .string()
    .max(500)
    .regex(/^(\/[\w./-]*|https:\/\/\S+)?$/, "a path starting with / or an https URL")
    .default(""),
  domain_language: z
    .string()
    .regex(/^[a-z]{2}(-[A-Z]{2})?$/)
    .nullable()
    .default(null),
  cdn_prefix: z.string().default(""),
  niche: z.number().int().min(0).max(7).default(0),
  index_title: localizedTextSchema.default(""),
  description: localizedTextSchema.default(""),
  signups: z.enum(["all", "with_trafficsource", "none"]).default("all"),
  logged_out_search: z.boolean().default(true),
  logged_out_search_trafficsource: z.boolean().default(false),
  /** Forces the visitor's country for this domain (overrides geo-IP). */
  geoip_country: countryCode.nullable().default(null),
  /** Country assumed when geo-IP gives none or one outside `countries`. */
  geoip_selected_country: countryCode.default("NL"),
  enable_site_entry_popup: z.enum(["yes", "no"]).default("yes"),
  /** Countries in which the site-entry warning is shown; empty means everywhere. */
  site_entry_countries: z.array(countryCode).default([]),
  minimum_age: z.number().int().min(18).max(99).default(18),
  minimum_message_costs: z
    .record(countryCode, z.object({ costs: z.number().int().min(0), currency: z.string().length(3) }))
    .default({}),
  support_phone: z.string().default(""),
  support_email: z.email().or(z.literal("")).default(""),
  push_public_key: z.string().default(""),
  fictional_icon: z.string().default("theater"),
  countries: z.array(countryCode).min(1),
  /**
   * The site this domain is one country or language version of: domains with
   * the same non-empty group link each other's pages for search engines
   * (hreflang). Name the group after the domain meant for visitors none of the
   * versions targets (x-default); "" is a site on its own.
   */
  site_group: z.string().max(253).default(""),
  /** Per country, the locales offered instead of the default table (app/i18n/locales.ts). */
  visible_locales: z.record(countryCode, z.array(z.enum(locales)).min(1)).default({}),
  visible_profile_fields: z.array(z.enum(profileFields)).default([...profileFields]),
  visible_profile_notes: z.boolean().default(true),
  message_credits: z.number().int().min(0).default(1),
  signup_credits: z.number().int().min(0).default(0),
  photo_credits: z.number().int().min(0).default(2),
  gift_credits: z.number().int().min(0).default(5),
  message_length: z.number().int().min(20).max(5000).default(500),
  search_fields: z.array(z.enum(searchFields)).default(["body_type", "hair_colour", "relationship_status"]),
  fictional_warning: localizedTextSchema.default(""),
  fictional_singular: localizedTextSchema.default(""),
  fictional_plural: localizedTextSchema.default(""),
  refund_days: z.number().int().min(0).max(365).default(14),
  /**
   * A chat operator answers the fictional profiles' conversations (the desk).
   * Without one, members cannot write to fictional profiles at all.
   */
  desk_staffed: z.boolean().default(false),
  /** Fictional profiles like new members on their own; the like says it comes from a fictional profile. */
  fictional_auto_like: z.boolean().default(false),
  /** Paid in 30 days above which a member may be vulnerable (cents of what they paid in; 0: never). */
  vulnerable_spending_cents: z.number().int().min(0).default(25_000),
  /** Paid messages a day to fictional profiles for a member whose signs of vulnerability nobody reviewed yet. */
  vulnerable_daily_messages: z.number().int().min(0).max(100).default(3),
  /** What a member may pay in a calendar month (cents; 0: no limit), with a warning at 80 %. */
  monthly_spending_limit_cents: z.number().int().min(0).default(50_000),
  member_resell: z.boolean().default(false),
  company_id: z.number().int().positive(),
  mail_name: z.string().default(""),
  payment_methods: z.record(countryCode, z.array(z.enum(paymentMethods))).default({}),
  interests: z.array(z.string()).default([]),
  region_data: z.boolean().default(true),
  /** The page design the domain uses; 1 is the only design there is, so any other value is refused. */
  design_version: z.literal(1).default(1),
  /** "post": new photos show at once and moderators may reject them later; "pre": only after approval. */
  photo_moderation: z.enum(["pre", "post"]).default("post"),
  /** Likes a member may give in the swipe game per day (4 by default). */
  swipe_likes_per_day: z.number().int().min(1).max(100).default(4),
  /**
   * The adult-cam partner block, an advertisement on the profile and
   * activation-done pages: off unless switched on with the partner's https link.
   */
  cam_partner: z
    .object({
      enabled: z.boolean().default(false),
      name: z.string().max(60).default(""),
      url: z
        .string()
        .max(500)
        .regex(/^(https:\/\/\S+)?$/, "an https URL")
        .default(""),
    })
    .refine((partner) => !partner.enabled || partner.url !== "", { path: ["url"], message: "required when enabled" })
    .default({ enabled: false, name: "", url: "" }),
  /** When the settings were last saved (the console and the CLI write it): the sitemap's last change. */
  updated_at: z.iso.datetime().nullable().default(null),
  theme: z
    .object({
      primary: z.string().regex(/^#[0-9a-fA-F]{6}$/),
      secondary: z.string().regex(/^#[0-9a-fA-F]{6}$/),
    })
    .optional(),
});

export type SiteSettings = z.infer<typeof siteSettingsSchema>;
export type SiteSettingsInput = z.input<typeof siteSettingsSchema>;
export type LocalizedText = z.infer<typeof localizedTextSchema>;
