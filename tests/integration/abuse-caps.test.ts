// Actions that cost something each time they are done, each capped in the
// statement that counts it: one open report per reporter and thing reported,
// however many are sent at once.
import { env, SELF } from "cloudflare:test";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { reportSchema } from "#app/schemas/report.ts";
import { reports } from "#app/server/db/schema.ts";
import { reportMember } from "#app/server/reports/reports.ts";
import { apiHeaders, appContext, db, givenAccount, givenConversation, givenCredits, NOW, SITE } from "./fixtures.ts";

describe("reports sent at once", () => {
  const report = (input: Record<string, unknown>) => reportSchema.parse(input);
  const openReports = (reporter: number, member: number) =>
    db
      .select()
      .from(reports)
      .where(and(eq(reports.reporterId, reporter), eq(reports.memberId, member), eq(reports.status, "open")));

  it("keep one open report of a profile, each answered as the one report would be", async () => {
    const ann = await givenAccount();
    const bob = await givenAccount();
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => reportMember(appContext(), ann, report({ member: bob, reason: "spam" }))),
    );
    const rows = await openReports(ann, bob);
    expect(rows).toHaveLength(1);
    expect(answers).toEqual(Array.from({ length: 5 }, () => ({ reported: true, id: rows[0]!.id })));
  });

  it("keep one open report of a message, beside the report of the profile", async () => {
    const { ann, bob, conversation, annCookie } = await givenConversation({ paid: true });
    await givenCredits(ann, 5);
    const sent = await SELF.fetch(`${SITE}/api/chat/messages`, {
      method: "POST",
      headers: apiHeaders(annCookie),
      body: JSON.stringify({
        conversation,
        message: { kind: "text", clientId: "report-caps-1", text: "Stuur me geld" },
      }),
    });
    expect(sent.status).toBe(201);
    const { message } = (await sent.json()) as { message: { seq: number } };
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        reportMember(appContext(), bob, report({ member: ann, conversation, seq: message.seq, reason: "scam" })),
      ),
    );
    const profile = await reportMember(appContext(), bob, report({ member: ann, reason: "spam" }));
    const rows = await openReports(bob, ann);
    expect(rows).toHaveLength(2);
    const messageRow = rows.find((r) => r.messageSeq === message.seq)!;
    expect(answers).toEqual(Array.from({ length: 5 }, () => ({ reported: true, id: messageRow.id })));
    expect(profile.id).not.toBe(messageRow.id);
  });

  it("open a new report once the earlier one is decided", async () => {
    const ann = await givenAccount();
    const bob = await givenAccount();
    const first = await reportMember(appContext(), ann, report({ member: bob, reason: "spam" }));
    await db.update(reports).set({ status: "dismissed" }).where(eq(reports.id, first.id));
    const second = await reportMember(appContext(), ann, report({ member: bob, reason: "other", text: "Weer links" }));
    expect(second.id).not.toBe(first.id);
    expect(await openReports(ann, bob)).toEqual([expect.objectContaining({ id: second.id, text: "Weer links" })]);
  });

  it("a database holding duplicate open reports takes the migration that allows one", async () => {
    const migration = env.TEST_MIGRATIONS.find((m) => m.name.includes("one_open_report"));
    expect(migration?.name).toBeDefined();
    const queries = migration!.queries;
    // The database as it was before it: no unique index, and duplicates of reports sent at once.
    for (const query of queries) {
      const index = /CREATE UNIQUE INDEX `(\w+)`/.exec(query)?.[1];
      if (index) await env.DB.exec(`DROP INDEX \`${index}\``);
    }
    const ann = await givenAccount();
    const bob = await givenAccount();
    const carl = await givenAccount();
    const row = (reporterId: number, createdAt: number, fields: Partial<typeof reports.$inferInsert> = {}) => ({
      reporterId,
      memberId: bob,
      reason: "spam" as const,
      createdAt,
      ...fields,
    });
    await db
      .insert(reports)
      .values([
        row(ann, NOW - 3 * 3_600_000),
        row(ann, NOW - 2 * 3_600_000, { reason: "other", text: "Stuurt steeds links" }),
        row(ann, NOW - 4 * 3_600_000, { status: "dismissed" }),
        row(carl, NOW - 3_600_000),
      ]);

    await env.DB.batch(queries.map((query) => env.DB.prepare(query)));
    // The one kept is the oldest in the queue, with the newest words; decided ones and others' stay.
    expect(await openReports(ann, bob)).toEqual([
      expect.objectContaining({ reason: "other", text: "Stuurt steeds links", createdAt: NOW - 3 * 3_600_000 }),
    ]);
    expect(await db.select().from(reports).where(eq(reports.status, "dismissed"))).toHaveLength(1);
    expect(await openReports(carl, bob)).toHaveLength(1);
  });
});
