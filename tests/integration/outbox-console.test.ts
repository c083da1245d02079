// The console's view of the outboxes: what is stuck (overdue, being retried,
// given up) with counts and the latest error, and a retry of one stuck mail or
// text, recorded in the audit trail like every operator action.
import { SELF } from "cloudflare:test";
import { asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { mailOutbox, smsOutbox } from "#app/server/db/schema.ts";
import { outboxOverview, retryDelivery } from "#app/server/operators/outbox.ts";
import { db, NOW, outcome, settleBackgroundWork } from "./fixtures.ts";
import { auditRowsFor, givenOperator } from "./operator-fixtures.ts";

const MINUTE = 60_000;

async function givenMail(values: Partial<typeof mailOutbox.$inferInsert> & { to: string }) {
  const [row] = await db
    .insert(mailOutbox)
    .values({
      template: "activation",
      locale: "nl",
      subject: "Bevestig je e-mailadres",
      html: "<p>Hoi</p>",
      text: "Hoi",
      createdAt: NOW - 60 * MINUTE,
      nextAttemptAt: NOW - 60 * MINUTE,
      ...values,
    })
    .returning();
  return row!;
}

async function givenSms(values: Partial<typeof smsOutbox.$inferInsert> & { to: string }) {
  const [row] = await db
    .insert(smsOutbox)
    .values({ text: "Je code: 654321", createdAt: NOW - 5 * MINUTE, nextAttemptAt: NOW, ...values })
    .returning();
  return row!;
}

/** One of each: fresh, waiting for a retry, overdue (nobody delivered it), given up, sent. */
async function givenOutboxes() {
  await givenMail({ to: "fresh@example.org", nextAttemptAt: NOW, createdAt: NOW });
  const retrying = await givenMail({
    to: "retrying@example.org",
    attempts: 2,
    nextAttemptAt: NOW + 4 * MINUTE,
    lastError: "E_RATE_LIMIT_EXCEEDED",
  });
  const overdue = await givenMail({ to: "overdue@example.org" });
  const failed = await givenMail({
    to: "failed@example.org",
    status: "failed",
    attempts: 10,
    lastError: "mail provider answered 503",
  });
  await givenMail({ to: "sent@example.org", status: "sent", attempts: 1, sentAt: NOW - MINUTE });
  const text = await givenSms({
    to: "+31612345678",
    status: "failed",
    attempts: 6,
    lastError: "Twilio answered 503 (20500): Internal Server Error",
  });
  return { retrying, overdue, failed, text };
}

describe("what the console shows as stuck", () => {
  it("counts overdue, retrying and failed mail and texts, with the latest error, and lists them", async () => {
    const rows = await givenOutboxes();
    const { app } = await givenOperator("support", { now: () => NOW });

    const overview = await outboxOverview(app);

    expect(overview.mail).toEqual({
      overdue: 1,
      retrying: 1,
      failed: 1,
      latestError: "mail provider answered 503",
    });
    expect(overview.sms).toEqual({
      overdue: 0,
      retrying: 0,
      failed: 1,
      latestError: "Twilio answered 503 (20500): Internal Server Error",
    });
    expect(overview.stuck.map((row) => [row.channel, row.to, row.state])).toEqual([
      ["sms", "+31612345678", "failed"],
      ["mail", "failed@example.org", "failed"],
      ["mail", "overdue@example.org", "overdue"],
      ["mail", "retrying@example.org", "retrying"],
    ]);
    // The code in a text is never shown to an operator.
    expect(JSON.stringify(overview)).not.toContain("654321");
    expect(rows.failed.id).toBeGreaterThan(0);
  });

  it("is for admins and support, not for moderators", async () => {
    const moderator = await givenOperator("moderator");
    expect(await outcome(outboxOverview(moderator.app))).toBe("operator_forbidden");
    const support = await givenOperator("support");
    await givenOutboxes();
    const page = await SELF.fetch("http://localhost/admin/outbox", { headers: { Cookie: support.cookie } });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("mail provider answered 503");
    expect(html).toContain("failed@example.org");
    expect(html).not.toContain("654321");
  });
});

describe("retrying a stuck mail or text", () => {
  it("queues a failed mail again for delivery now, with its audit row, and delivers it", async () => {
    const { failed } = await givenOutboxes();
    const { app, id } = await givenOperator("support", { now: () => NOW });

    await retryDelivery(app, { channel: "mail", id: failed.id });
    await settleBackgroundWork();

    const [row] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, failed.id));
    // The local outbox transport takes it at once.
    expect(row).toMatchObject({ status: "sent", attempts: 1 });
    expect(await auditRowsFor("mail", failed.id)).toEqual([
      expect.objectContaining({
        operatorId: id,
        action: "mail.retry",
        before: { status: "failed", attempts: 10, lastError: "mail provider answered 503" },
        after: { status: "queued", attempts: 0 },
      }),
    ]);
  });

  it("retries a failed text through the page's form", async () => {
    const { text } = await givenOutboxes();
    const admin = await givenOperator("admin");
    const response = await SELF.fetch("http://localhost/admin/outbox", {
      method: "POST",
      headers: { Cookie: admin.cookie, Origin: "http://localhost" },
      body: new URLSearchParams({ intent: "retry", channel: "sms", id: String(text.id) }),
    });
    expect(response.status).toBe(200);
    const [row] = await db.select().from(smsOutbox).where(eq(smsOutbox.id, text.id));
    expect(row!.status).not.toBe("failed");
    expect(row!.attempts).toBeLessThanOrEqual(1);
    expect(await auditRowsFor("sms", text.id)).toEqual([expect.objectContaining({ action: "sms.retry" })]);
  });

  it("refuses to send a sent mail again, or a row that does not exist", async () => {
    await givenOutboxes();
    const { app } = await givenOperator("admin", { now: () => NOW });
    const [sent] = await db.select().from(mailOutbox).where(eq(mailOutbox.status, "sent")).orderBy(asc(mailOutbox.id));
    expect(await outcome(retryDelivery(app, { channel: "mail", id: sent!.id }))).toBe("outbox_not_stuck");
    expect(await outcome(retryDelivery(app, { channel: "sms", id: 999_999 }))).toBe("outbox_not_found");
    expect(await auditRowsFor("mail", sent!.id)).toEqual([]);
    const moderator = await givenOperator("moderator", { now: () => NOW });
    expect(await outcome(retryDelivery(moderator.app, { channel: "mail", id: sent!.id }))).toBe("operator_forbidden");
  });
});
