// Texts sent or given up and old login attempts are forgotten by the hourly
// job, a bounded bite at a time, each bite found through an index on the
// columns the clean-up reads (never a walk through the whole table); the
// console lists given-up mail and texts of the last 30 days, what the job keeps.
import { env, SELF } from "cloudflare:test";
import { inArray, like, or, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createDb } from "#app/server/db/client.ts";
import { loginAttempts, mailOutbox, smsOutbox } from "#app/server/db/schema.ts";
import { forgetOldLoginAttempts } from "#app/server/limits/login-throttle.ts";
import { forgetOldMail } from "#app/server/mail/outbox.ts";
import { outboxOverview } from "#app/server/operators/outbox.ts";
import { forgetOldSms } from "#app/server/sms/outbox.ts";
import nlAdmin from "../../locales/nl/admin.json";
import { db, NOW } from "./fixtures.ts";
import { givenOperator } from "./operator-fixtures.ts";

const DAY = 86_400_000;

/** A D1 binding that keeps each statement it prepares, with the values bound to it. */
function recordingD1(real: D1Database) {
  const statements: { sql: string; params: unknown[] }[] = [];
  const binding = new Proxy(real, {
    get(target, prop) {
      if (prop === "prepare")
        return (query: string) => {
          const entry = { sql: query, params: [] as unknown[] };
          statements.push(entry);
          const prepared = target.prepare(query);
          return new Proxy(prepared, {
            get(statement, name) {
              if (name === "bind")
                return (...params: unknown[]) => {
                  entry.params = params;
                  return statement.bind(...params);
                };
              const value = Reflect.get(statement, name) as unknown;
              return typeof value === "function" ? (value as (...a: unknown[]) => unknown).bind(statement) : value;
            },
          });
        };
      const value = Reflect.get(target, prop) as unknown;
      return typeof value === "function" ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
  return { binding, statements };
}

/** The DELETEs of `table` the clean-up ran, each with its query plan. */
async function deletesOf(statements: { sql: string; params: unknown[] }[], table: string) {
  const deletes = statements.filter((s) => s.sql.toLowerCase().startsWith(`delete from "${table}"`));
  return Promise.all(
    deletes.map(async (statement) => {
      const plan = await env.DB.prepare(`EXPLAIN QUERY PLAN ${statement.sql}`)
        .bind(...statement.params)
        .all<{ detail: string }>();
      return plan.results.map((row) => row.detail).join("\n");
    }),
  );
}

/** `n` rows in one statement: D1 takes at most 100 bound values in one. */
const manyRows = (n: number, insert: ReturnType<typeof sql>) =>
  db.run(sql`with recursive n(i) as (select 1 union all select i + 1 from n where i < ${n}) ${insert}`);

describe("texts sent or given up", () => {
  it("are forgotten 30 days after they were queued, a bounded bite at a time through an index", async () => {
    await manyRows(
      2500,
      sql`insert into ${smsOutbox} ("to", text, status, created_at, next_attempt_at)
        select '+31699999999', 'code', case when i % 2 = 0 then 'sent' else 'failed' end, ${NOW - 40 * DAY}, 0 from n`,
    );
    const text = (status: "queued" | "sent" | "failed", age: number, to: string) => ({
      to,
      text: "code",
      status,
      createdAt: NOW - age,
      nextAttemptAt: NOW - age,
    });
    await db
      .insert(smsOutbox)
      .values([
        text("sent", 29 * DAY, "+31699000001"),
        text("failed", 29 * DAY, "+31699000002"),
        text("queued", 31 * DAY, "+31699000003"),
      ]);

    const { binding, statements } = recordingD1(env.DB);
    await forgetOldSms({ db: createDb(binding) }, NOW);

    // Only this test's rows: files running beside it write texts too.
    const left = await db
      .select({ to: smsOutbox.to })
      .from(smsOutbox)
      .where(inArray(smsOutbox.to, ["+31699999999", "+31699000001", "+31699000002", "+31699000003"]))
      .orderBy(smsOutbox.id);
    expect(left.map((row) => row.to)).toEqual(["+31699000001", "+31699000002", "+31699000003"]);
    const plans = await deletesOf(statements, "sms_outbox");
    // 2500 rows at most 1000 a statement.
    expect(plans.length).toBeGreaterThanOrEqual(3);
    for (const plan of plans) {
      expect(plan).not.toMatch(/\bSCAN sms_outbox\b/);
      expect(plan).toMatch(/SEARCH sms_outbox USING (COVERING )?INDEX \w+ \([^)]*created_at<\?/);
    }
  });
});

describe("mail sent or given up", () => {
  it("is forgotten by the same rule, through the index on its age", async () => {
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
      .values([mail("sent", 31 * DAY, "prune-old@example.com"), mail("failed", 29 * DAY, "prune-recent@example.com")]);
    const { binding, statements } = recordingD1(env.DB);
    await forgetOldMail({ db: createDb(binding) }, NOW);
    const left = await db
      .select({ to: mailOutbox.to })
      .from(mailOutbox)
      .where(inArray(mailOutbox.to, ["prune-old@example.com", "prune-recent@example.com"]));
    expect(left.map((row) => row.to)).toEqual(["prune-recent@example.com"]);
    const plans = await deletesOf(statements, "mail_outbox");
    expect(plans.length).toBeGreaterThanOrEqual(1);
    for (const plan of plans) {
      expect(plan).not.toMatch(/\bSCAN mail_outbox\b/);
      expect(plan).toMatch(/SEARCH mail_outbox USING (COVERING )?INDEX \w+ \([^)]*created_at<\?/);
    }
  });
});

describe("login attempts", () => {
  it("are forgotten after their time (failures a day, successes 30 days), a bounded bite at a time through an index", async () => {
    const attempt = (subject: string, success: boolean, age: number, client: string | null = "203.0.113.7") => ({
      subject,
      success,
      client,
      createdAt: NOW - age,
    });
    await manyRows(
      2500,
      sql`insert into ${loginAttempts} (subject, success, client, created_at)
        select 'prune-guess' || i || '@example.com', 0, '198.51.100.66', ${NOW - 2 * DAY} from n`,
    );
    await db
      .insert(loginAttempts)
      .values([
        attempt("prune-old-success@example.com", true, 31 * DAY),
        attempt("prune-success@example.com", true, 29 * DAY),
        attempt("prune-failure@example.com", false, 23 * 3_600_000),
        attempt("operator:prune-code", true, 2 * DAY, null),
        attempt("operator:prune-fresh-code", false, 60_000, null),
      ]);

    const { binding, statements } = recordingD1(env.DB);
    await forgetOldLoginAttempts({ db: createDb(binding) }, NOW);

    const left = await db
      .select({ subject: loginAttempts.subject })
      .from(loginAttempts)
      .where(or(like(loginAttempts.subject, "prune-%"), like(loginAttempts.subject, "operator:prune-%")))
      .orderBy(loginAttempts.id);
    expect(left.map((row) => row.subject)).toEqual([
      "prune-success@example.com",
      "prune-failure@example.com",
      "operator:prune-fresh-code",
    ]);
    const plans = await deletesOf(statements, "login_attempts");
    expect(plans.length).toBeGreaterThanOrEqual(3);
    for (const plan of plans) {
      expect(plan).not.toMatch(/\bSCAN login_attempts\b/);
      expect(plan).toMatch(/SEARCH login_attempts USING (COVERING )?INDEX \w+ \([^)]*created_at<\?/);
    }
  });
});

describe("the console's outbox page", () => {
  it("lists given-up mail and texts of the last 30 days, as long as the hourly job keeps them", async () => {
    const admin = await givenOperator("admin");
    const mail = (age: number, to: string) => ({
      to,
      template: "activation",
      locale: "nl",
      subject: "Activeer je account",
      html: "",
      text: "",
      status: "failed" as const,
      attempts: 10,
      lastError: "refused",
      createdAt: NOW - age,
      nextAttemptAt: NOW - age,
    });
    await db
      .insert(mailOutbox)
      .values([mail(31 * DAY, "prune-old@example.com"), mail(29 * DAY, "prune-recent@example.com")]);
    await db.insert(smsOutbox).values([
      { to: "+31699000009", text: "code", status: "failed", createdAt: NOW - 31 * DAY, nextAttemptAt: 0 },
      { to: "+31699000008", text: "code", status: "failed", createdAt: NOW - 29 * DAY, nextAttemptAt: 0 },
    ]);

    const overview = await outboxOverview({ ...admin.app, now: () => NOW });
    const mine = ["prune-old@example.com", "prune-recent@example.com", "+31699000009", "+31699000008"];
    const listed = overview.stuck.map((row) => row.to).filter((to) => mine.includes(to));
    expect(listed.sort()).toEqual(["+31699000008", "prune-recent@example.com"]);
    // The page says how long it lists them.
    const page = await SELF.fetch("http://localhost/admin/outbox", { headers: { Cookie: admin.cookie } });
    expect((await page.text()).replaceAll("<!-- -->", "")).toContain(nlAdmin.outbox.keptFor.replace("{{days}}", "30"));
  });
});
