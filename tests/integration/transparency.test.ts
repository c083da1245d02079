// The transparency figures: what a period counts (notices by category,
// decisions by kind and ground and how many were automated, appeals by outcome,
// median times to a decision), the same numbers on the page, in the CSV and in
// the JSON, and that only an admin sees them.
import { SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { appeals, decisions, notices } from "#app/server/db/schema.ts";
import { transparencyPeriod } from "#app/server/notices/transparency.ts";
import { db } from "./fixtures.ts";
import { givenOperator } from "./operator-fixtures.ts";

const HOUR = 3_600_000;
const at = (day: string, hours = 0) => Date.parse(`${day}T00:00:00Z`) + hours * HOUR;

function notice(category: "illegal_fraud_or_scam" | "terms_spam", createdAt: number, decidedAt: number | null) {
  return {
    domain: "localhost",
    locale: "nl",
    category,
    targetType: "profile" as const,
    explanation: "Asks members for money.",
    goodFaith: true,
    status: decidedAt === null ? ("open" as const) : ("decided" as const),
    createdAt,
    decidedAt,
  };
}

function decision(
  kind: "photo_rejected" | "notice_rejected",
  ground: "law" | "terms",
  createdAt: number,
  automated = false,
) {
  return {
    domain: "localhost",
    kind,
    targetType: "photo",
    targetId: "1",
    facts: "Facts.",
    ground,
    clause: "art. 4.4",
    automated,
    createdAt,
    appealUntil: createdAt + 183 * 24 * HOUR,
  };
}

/** October 2026: three notices (two decided, after 2 h and 6 h), three decisions (one automated), two appeals. */
async function givenOctober() {
  await db.insert(notices).values([
    notice("illegal_fraud_or_scam", at("2026-10-01", 1), at("2026-10-01", 3)),
    notice("illegal_fraud_or_scam", at("2026-10-15"), at("2026-10-15", 6)),
    notice("terms_spam", at("2026-10-31", 23), null),
    // Outside the period: September, and November.
    notice("terms_spam", at("2026-09-30", 23), null),
    notice("terms_spam", at("2026-11-01"), null),
  ]);
  const rows = await db
    .insert(decisions)
    .values([
      decision("photo_rejected", "law", at("2026-10-02")),
      decision("photo_rejected", "terms", at("2026-10-03"), true),
      decision("notice_rejected", "terms", at("2026-10-04")),
      decision("notice_rejected", "terms", at("2026-11-02")),
    ])
    .returning({ id: decisions.id });
  await db.insert(appeals).values([
    {
      decisionId: rows[0]!.id,
      text: "Not me.",
      status: "reversed",
      createdAt: at("2026-10-05"),
      decidedAt: at("2026-10-06"),
    },
    { decisionId: rows[1]!.id, text: "Not me.", status: "open", createdAt: at("2026-10-07") },
  ]);
}

const october = "from=2026-10-01&to=2026-10-31";

describe("the transparency figures", () => {
  it("counts a period's notices, decisions and appeals, with the median times to a decision", async () => {
    await givenOctober();
    const admin = await givenOperator("admin");
    const json = await SELF.fetch(`http://localhost/admin/transparency/export?${october}&format=json`, {
      headers: { Cookie: admin.cookie },
    });
    expect(json.status).toBe(200);
    expect(json.headers.get("Content-Disposition")).toBe(
      'attachment; filename="transparency-2026-10-01-2026-10-31.json"',
    );
    const figures = await json.json();
    expect(figures).toMatchObject({
      period: { from: "2026-10-01", to: "2026-10-31" },
      notices: {
        total: 3,
        byCategory: { illegal_fraud_or_scam: 2, terms_spam: 1, illegal_child_abuse: 0 },
        decided: 2,
        closedAutomatically: 2,
        medianHoursToDecision: 4,
      },
      decisions: {
        total: 3,
        automated: 1,
        byKind: { photo_rejected: 2, notice_rejected: 1, account_banned: 0 },
        byGround: { law: 1, terms: 2 },
      },
      appeals: { total: 2, byOutcome: { open: 1, upheld: 0, reversed: 1 }, medianHoursToDecision: 24 },
    });
  });

  it("gives the same numbers in the CSV as in the JSON", async () => {
    await givenOctober();
    const admin = await givenOperator("admin");
    const get = (format: string) =>
      SELF.fetch(`http://localhost/admin/transparency/export?${october}&format=${format}`, {
        headers: { Cookie: admin.cookie },
      });
    const figures = (await (await get("json")).json()) as Record<string, Record<string, unknown>>;
    const csv = await get("csv");
    expect(csv.headers.get("Content-Type")).toMatch(/^text\/csv/);
    expect(csv.headers.get("Content-Disposition")).toMatch(/^attachment; filename=".+\.csv"$/);
    const rows = (await csv.text())
      .trim()
      .split("\r\n")
      .slice(1)
      .map((line) => line.split(","));
    const value = (section: string, item: string) => rows.find(([s, i]) => s === section && i === item)?.[2];
    const notices = figures.notices as {
      total: number;
      byCategory: Record<string, number>;
      medianHoursToDecision: number;
    };
    expect(value("notices", "total")).toBe(String(notices.total));
    for (const [category, n] of Object.entries(notices.byCategory)) {
      expect(value("notices_by_category", category)).toBe(String(n));
    }
    expect(value("notices", "median_hours_to_decision")).toBe(String(notices.medianHoursToDecision));
    const d = figures.decisions as { automated: number; byKind: Record<string, number> };
    expect(value("decisions", "automated")).toBe(String(d.automated));
    for (const [kind, n] of Object.entries(d.byKind)) expect(value("decisions_by_kind", kind)).toBe(String(n));
    const a = figures.appeals as { byOutcome: Record<string, number> };
    for (const [status, n] of Object.entries(a.byOutcome)) expect(value("appeals_by_outcome", status)).toBe(String(n));
    const page = await SELF.fetch(`http://localhost/admin/transparency?${october}`, {
      headers: { Cookie: admin.cookie },
    });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("2026-10-31");
  });

  it("takes the last full month by default and refuses a period that ends before it starts", async () => {
    expect(transparencyPeriod(Date.UTC(2026, 11, 3), {})).toEqual({ from: "2026-11-01", to: "2026-11-30" });
    expect(transparencyPeriod(Date.UTC(2026, 0, 15), {})).toEqual({ from: "2025-12-01", to: "2025-12-31" });
    const admin = await givenOperator("admin");
    const refused = await SELF.fetch("http://localhost/admin/transparency?from=2026-10-31&to=2026-10-01", {
      headers: { Cookie: admin.cookie },
    });
    expect(refused.status).toBe(400);
    await refused.body?.cancel();
  });

  it("is for admins only", async () => {
    for (const role of ["moderator", "support", "chat"] as const) {
      const other = await givenOperator(role);
      const refused = await SELF.fetch(`http://localhost/admin/transparency/export?${october}&format=csv`, {
        headers: { Cookie: other.cookie },
      });
      expect(refused.status, role).toBe(403);
      await refused.body?.cancel();
    }
  });
});
