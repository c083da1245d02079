// What the hourly job forgets, and what it keeps: tables a request grows
// (page-hidden beacons, the mail outbox, the notification log, the console's
// sessions) keep their rows only as long as anything needs them, and each
// purge deletes a bounded bite at a time.
import { env } from "cloudflare:test";
import { asc, count, sql } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { mailOutbox, notificationLog, operatorSessions, pageEvents } from "#app/server/db/schema.ts";
import { runHourly } from "#app/server/jobs/hourly.ts";
import type { Logger } from "#app/server/log.ts";
import { db, givenMember, NOW } from "./fixtures.ts";
import { givenOperator } from "./operator-fixtures.ts";

const DAY = 86_400_000;
const HOUR = 3_600_000;

function quietLog() {
  return { info: vi.fn(), warn: vi.fn(), error: vi.fn() } satisfies Logger;
}

const hourly = async (at = NOW) => {
  const log = quietLog();
  await runHourly({ db, env, log, now: () => at });
  expect(log.error).not.toHaveBeenCalled();
};

describe("page-hidden beacons", () => {
  it("are kept 30 days, then forgotten", async () => {
    const beacon = (path: string, age: number) => ({
      domain: "localhost",
      path,
      kind: "hidden" as const,
      createdAt: NOW - age,
    });
    await db
      .insert(pageEvents)
      .values([beacon("/old", 31 * DAY), beacon("/month", 30 * DAY + 1), beacon("/new", 29 * DAY)]);
    await hourly();
    expect((await db.select({ path: pageEvents.path }).from(pageEvents)).map((row) => row.path)).toEqual(["/new"]);
  });

  it("are all forgotten when far more are due than one statement deletes", async () => {
    // Written one statement: D1 takes at most 100 bound values in one.
    await db.run(sql`with recursive n(i) as (select 1 union all select i + 1 from n where i < 4500)
      insert into ${pageEvents} (domain, path, kind, created_at) select 'localhost', '/old', 'hidden', ${NOW - 40 * DAY} from n`);
    await db.insert(pageEvents).values({ domain: "localhost", path: "/new", kind: "hidden", createdAt: NOW - DAY });
    await hourly();
    expect(await db.select({ path: pageEvents.path, n: count() }).from(pageEvents).groupBy(pageEvents.path)).toEqual([
      { path: "/new", n: 1 },
    ]);
  });
});

describe("the mail outbox", () => {
  it("forgets mail sent or given up more than 30 days after it was queued, and keeps mail still on its way", async () => {
    const mail = (status: "queued" | "sent" | "failed", age: number, to: string) => ({
      to,
      template: "activation",
      locale: "nl",
      subject: "",
      html: "",
      text: "",
      status,
      createdAt: NOW - age,
      nextAttemptAt: NOW - age,
    });
    await db
      .insert(mailOutbox)
      .values([
        mail("sent", 31 * DAY, "sent-old@example.com"),
        mail("failed", 31 * DAY, "failed-old@example.com"),
        mail("sent", 29 * DAY, "sent-new@example.com"),
        mail("failed", 29 * DAY, "failed-new@example.com"),
        mail("queued", 31 * DAY, "queued-old@example.com"),
      ]);
    await hourly();
    const left = await db.select({ to: mailOutbox.to }).from(mailOutbox).orderBy(asc(mailOutbox.id));
    expect(left.map((row) => row.to)).toEqual([
      "sent-new@example.com",
      "failed-new@example.com",
      "queued-old@example.com",
    ]);
  });
});

describe("the notification log", () => {
  it("forgets what was notified more than 90 days ago, of every kind, and keeps the rest", async () => {
    // Away for long: the job's own scheduled notifications leave this member alone.
    const member = await givenMember({ lastActivity: NOW - 200 * DAY });
    const entry = (type: string, key: string, age: number) => ({
      userId: member,
      type,
      channel: "email" as const,
      dedupeKey: key,
      createdAt: NOW - age,
    });
    await db
      .insert(notificationLog)
      .values([
        entry("new_conversation", "conversation:1", 91 * DAY),
        entry("new_message", "message:1:100", 91 * DAY),
        entry("like", "like:7", 91 * DAY),
        entry("weekly_updates", "weekly:2026-W30", 91 * DAY),
        entry("news", "news:summer", 91 * DAY),
        entry("new_conversation", "conversation:2", 89 * DAY),
        entry("like", "like:8", 89 * DAY),
        entry("reminders", "reminder:700", 89 * DAY),
      ]);
    await hourly();
    const left = await db
      .select({ key: notificationLog.dedupeKey })
      .from(notificationLog)
      .orderBy(asc(notificationLog.id));
    expect(left.map((row) => row.key)).toEqual(["conversation:2", "like:8", "reminder:700"]);
  });
});

describe("the console's sessions", () => {
  it("are forgotten once ended, idle or past their 8 hours, and kept while they live", async () => {
    const live = await givenOperator("support", { now: () => NOW });
    const [row] = await db.select().from(operatorSessions);
    const at = row!.createdAt;
    await db.insert(operatorSessions).values([
      // Idle past its deadline.
      { id: "idle", operatorId: live.id, verified: true, createdAt: at - HOUR, expiresAt: at - 1 },
      // Slid on while used, but started more than 8 hours ago.
      { id: "too-long", operatorId: live.id, verified: true, createdAt: at - 9 * HOUR, expiresAt: at + 10 * 60_000 },
      // Never got its second factor.
      { id: "unverified", operatorId: live.id, verified: false, createdAt: at - HOUR, expiresAt: at - 50 * 60_000 },
    ]);
    await hourly(at);
    const left = await db.select({ id: operatorSessions.id }).from(operatorSessions);
    expect(left.map((s) => s.id)).toEqual([row!.id]);
    expect(await db.select({ n: count() }).from(operatorSessions)).toEqual([{ n: 1 }]);
  });
});
