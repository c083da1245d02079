// The legal and help pages (linked from the footer), apart from their Markdown so
// code outside the Worker bundle (tests, scripts) can list them too.
export const legalPages = [
  "2257-compliance-statement",
  "ban",
  "cookies",
  "faq",
  "privacy",
  "return-policy",
  "service",
  "terms",
] as const;
export type LegalPage = (typeof legalPages)[number];

export const isLegalPage = (value: unknown): value is LegalPage =>
  typeof value === "string" && (legalPages as readonly string[]).includes(value);
