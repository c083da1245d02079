// The Worker's two crons: every minute the outboxes are delivered (texts
// first: their codes expire) and credit movements a crash left unapplied are
// applied, every hour the housekeeping runs. Each run is
// told apart by its cron expression, and keeps to its own work.
import { createExecutionContext, createScheduledController, env, waitOnExecutionContext } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { REPLAY_AFTER_MS, recordCredit } from "#app/server/credits/movements.ts";
import { creditLedger, mailOutbox, smsOutbox, users } from "#app/server/db/schema.ts";
import { composeMail } from "#app/server/mail/compose.ts";
import { queueMail } from "#app/server/mail/outbox.ts";
import { scheduled } from "#workers/scheduled.ts";
import { db, givenAccount, NOW, walletOfMember } from "./fixtures.ts";
import { givenProviderFakes, mailApiVars, twilioVars } from "./provider-fakes.ts";

const DAY = 86_400_000;

async function runCron(cron: string, at: number, vars: Record<string, string> = {}) {
  const ctx = createExecutionContext();
  await scheduled(createScheduledController({ scheduledTime: at, cron }), { ...env, ...vars } as Env, ctx);
  await waitOnExecutionContext(ctx);
}

afterEach(() => {
  vi.restoreAllMocks();
});

async function givenQueued() {
  await db
    .insert(smsOutbox)
    .values({ to: "+31612345678", text: "Je code: 123456", createdAt: NOW, nextAttemptAt: NOW });
  await queueMail(
    db,
    composeMail({
      to: "anna@example.org",
      template: "activation",
      locale: "nl",
      params: { name: "Anna", link: "https://hartslag.example/activate/do?token=t", conversations: 2 },
      site: { name: "Hartslag", supportEmail: "support@hartslag.example", baseUrl: "https://hartslag.example" },
    }),
    NOW,
  );
}

describe("the per-minute cron", () => {
  it("delivers queued texts and mail through the providers", async () => {
    const { twilio, mailApi } = givenProviderFakes();
    await givenQueued();

    await runCron("* * * * *", NOW + 30_000, { ...twilioVars, ...mailApiVars });

    expect(twilio.messages.map((m) => m.to)).toEqual(["+31612345678"]);
    expect(mailApi.mails.map((m) => m.to)).toEqual(["anna@example.org"]);
    expect((await db.select().from(smsOutbox))[0]!.status).toBe("sent");
    expect((await db.select().from(mailOutbox))[0]!.status).toBe("sent");
  });

  it("applies the credit movements a crash left unapplied, once they have waited, and logs how many members it served", async () => {
    const member = await givenAccount();
    await recordCredit(db, { userId: member, amount: 30, reason: "purchase", idempotencyKey: "payment:cut", now: NOW });
    const logged = vi.spyOn(console, "log");

    await runCron("* * * * *", NOW + 1_000);
    expect((await walletOfMember(member)).balance).toBe(0);

    await runCron("* * * * *", NOW + REPLAY_AFTER_MS + 1_000);
    expect((await walletOfMember(member)).balance).toBe(30);
    const [record] = await db.select().from(creditLedger).where(eq(creditLedger.idempotencyKey, "payment:cut"));
    expect(record).toMatchObject({ outcome: "booked", delta: 30 });
    expect((await db.select({ credits: users.credits }).from(users).where(eq(users.id, member)))[0]!.credits).toBe(30);
    expect(logged.mock.calls.map(([line]) => String(line)).join("\n")).toMatch(/"movementsReplayedFor":1/);
  });

  it("leaves the hourly housekeeping to the hourly cron", async () => {
    const gone = await givenAccount({ status: "deleted", deletedAt: NOW - 15 * DAY });
    const stillThere = () => db.select({ id: users.id }).from(users).where(eq(users.id, gone));

    await runCron("* * * * *", NOW);
    expect(await stillThere()).toHaveLength(1);

    await runCron("17 * * * *", NOW);
    expect(await stillThere()).toEqual([]);
  });
});
