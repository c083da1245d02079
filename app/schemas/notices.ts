// The notice form (/notice): anyone's report of a profile, a photo or a
// message they hold illegal or against the terms. The same schema checks the
// form in the browser and the action on the server. Messages are translation
// keys (notices namespace, or validation).
import { z } from "zod";
import { emailSchema } from "./account.ts";
import { type NoticeCategory, noticeCategories } from "./enums.ts";

const id = z.coerce.number().int().positive().max(2_147_483_647);

const NOTICE_EXPLANATION_MIN = 10;
export const NOTICE_EXPLANATION_MAX = 2000;

/** Illegal content by kind, then breaches of the terms: the two groups of the form's category select. */
export const illegalCategories = noticeCategories.filter((c) => c.startsWith("illegal_"));
export const termsCategories = noticeCategories.filter((c) => c.startsWith("terms_"));

/**
 * Whether the reporter must give a name and an e-mail address: for illegal
 * content yes, except child sexual abuse material, which may be reported
 * anonymously (the DSA leaves that open so such reports are not held back).
 */
export const contactRequired = (category: NoticeCategory) =>
  category.startsWith("illegal_") && category !== "illegal_child_abuse";

export const noticeSchema = z
  .object({
    // What is reported: a profile (member), a photo, or a message (conversation and seq).
    member: id.optional(),
    photo: id.optional(),
    conversation: id.optional(),
    seq: id.optional(),
    category: z.enum(noticeCategories, { error: "notices:errors.categoryRequired" }),
    explanation: z
      .string({ error: "notices:errors.explanationRequired" })
      .trim()
      .min(1, { message: "notices:errors.explanationRequired", abort: true })
      .min(NOTICE_EXPLANATION_MIN, "notices:errors.explanationTooShort")
      .max(NOTICE_EXPLANATION_MAX, "validation:textTooLong"),
    name: z.string().trim().max(80, "validation:textTooLong").optional(),
    email: emailSchema.optional(),
    goodFaith: z.preprocess(
      (v) => v === "on" || v === true,
      z.literal(true, { error: "notices:errors.goodFaithRequired" }),
    ),
  })
  .superRefine((notice, ctx) => {
    const targets = [notice.member, notice.photo, notice.conversation].filter((t) => t !== undefined);
    if (targets.length !== 1 || (notice.conversation === undefined) !== (notice.seq === undefined)) {
      ctx.addIssue({ code: "custom", message: "notices:errors.targetUnknown", path: [] });
    }
    if (!contactRequired(notice.category)) return;
    if (!notice.name || notice.name.length < 2) {
      ctx.addIssue({ code: "custom", message: "notices:errors.nameRequired", path: ["name"] });
    }
    if (!notice.email) ctx.addIssue({ code: "custom", message: "notices:errors.emailRequired", path: ["email"] });
  });

export type NoticeInput = z.output<typeof noticeSchema>;

/** The target named in the form's address (/notice?photo=12), as the form's hidden fields carry it. */
export const noticeTargetQuery = z
  .object({ member: id.optional(), photo: id.optional(), conversation: id.optional(), seq: id.optional() })
  .refine((q) => [q.member, q.photo, q.conversation].filter((t) => t !== undefined).length === 1)
  .refine((q) => (q.conversation === undefined) === (q.seq === undefined));

export type NoticeTarget = z.output<typeof noticeTargetQuery>;

/**
 * The clauses a decision on a notice may rest on: provisions of Dutch law for
 * illegal content, articles of the terms (app/content/legal/<lang>/terms.md,
 * section 2 and the rules of conduct of section 4, in their order) for breaches.
 */
export const noticeClauses = [
  { key: "law_240b", ground: "law", clause: "Art. 240b Sr" },
  { key: "law_139h", ground: "law", clause: "Art. 139h Sr" },
  { key: "law_137d", ground: "law", clause: "Art. 137d Sr" },
  { key: "law_285", ground: "law", clause: "Art. 285 Sr" },
  { key: "law_326", ground: "law", clause: "Art. 326 Sr" },
  { key: "law_231b", ground: "law", clause: "Art. 231b Sr" },
  { key: "law_gdpr", ground: "law", clause: "Art. 6 AVG" },
  { key: "law_copyright", ground: "law", clause: "Art. 1 Auteurswet" },
  { key: "terms_2", ground: "terms", clause: "art. 2" },
  { key: "terms_4_1", ground: "terms", clause: "art. 4.1" },
  { key: "terms_4_2", ground: "terms", clause: "art. 4.2" },
  { key: "terms_4_3", ground: "terms", clause: "art. 4.3" },
  { key: "terms_4_4", ground: "terms", clause: "art. 4.4" },
  { key: "terms_4_5", ground: "terms", clause: "art. 4.5" },
  { key: "terms_4_6", ground: "terms", clause: "art. 4.6" },
  { key: "terms_8", ground: "terms", clause: "art. 8" },
] as const;

export const noticeDecisions = ["reject_photo", "ban_member", "no_action"] as const;

/** A moderator's decision on a notice: what, the clause (its ground follows from it), the facts. */
export const noticeDecisionFields = z.object({
  notice: id,
  decision: z.enum(noticeDecisions, { error: "admin:notices.errors.decision" }),
  clause: z.enum(
    noticeClauses.map((c) => c.key),
    { error: "admin:notices.errors.clause" },
  ),
  facts: z
    .string({ error: "decisions:validation.facts" })
    .trim()
    .min(10, "decisions:validation.tooShort")
    .max(2000, "decisions:validation.tooLong"),
});

/** The same as the rules take it: the clause's ground and wording as the reasons. */
export const noticeDecisionSchema = noticeDecisionFields.transform(({ clause, facts, ...rest }) => {
  const chosen = noticeClauses.find((c) => c.key === clause)!;
  return { ...rest, reasons: { ground: chosen.ground, clause: chosen.clause, facts } };
});

/**
 * A category's translation key: grouped by kind (notices:categories.illegal.other),
 * so "illegal_other" is not read as the plural form "other" of "illegal".
 */
export const noticeCategoryKey = (category: NoticeCategory) => `notices:categories.${category.replace("_", ".")}`;
