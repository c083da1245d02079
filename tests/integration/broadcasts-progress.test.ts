// A broadcast is stored when it is sent: the console's request sends the first
// batch, the per-minute cron continues with the rest until everyone in the
// audience had it once, and the console shows how far each one got.
import { createExecutionContext, createScheduledController, env, SELF, waitOnExecutionContext } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { audienceSize, broadcastOf, sendBroadcast } from "#app/server/broadcasts/broadcasts.ts";
import { type BroadcastForm, broadcastSchema } from "#app/server/broadcasts/schema.ts";
import { createDb } from "#app/server/db/client.ts";
import { broadcasts, mailOutbox } from "#app/server/db/schema.ts";
import { scheduled } from "#workers/scheduled.ts";
import { db, givenMember, givenOffersChoice, NOW } from "./fixtures.ts";
import { auditRowsFor, givenOperator } from "./operator-fixtures.ts";

const broadcast = (key: string, fields: Record<string, string> = {}) =>
  broadcastOf(
    broadcastSchema.parse({
      intent: "send",
      kind: "news",
      domain: "localhost",
      key,
      subject_nl: "Nieuw: videochat",
      body_nl: "Vanaf vandaag kun je videobellen.",
      ...fields,
    }) as BroadcastForm,
  );

async function members(count: number) {
  const ids: number[] = [];
  for (let i = 0; i < count; i++) {
    ids.push(await givenMember());
    await givenOffersChoice(ids.at(-1)!);
  }
  return ids;
}

async function everyMinute(at: number) {
  const ctx = createExecutionContext();
  await scheduled(createScheduledController({ scheduledTime: at, cron: "* * * * *" }), env, ctx);
  await waitOnExecutionContext(ctx);
}

const newsMails = async () => (await db.select().from(mailOutbox)).filter((m) => m.template === "news");

/** A D1 binding that counts the statements it is asked to prepare. */
function countingD1(real: D1Database) {
  const counter = { statements: 0 };
  const binding = new Proxy(real, {
    get(target, prop) {
      if (prop === "prepare")
        return (query: string) => {
          counter.statements++;
          return target.prepare(query);
        };
      const value = Reflect.get(target, prop) as unknown;
      return typeof value === "function" ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
  return { binding, counter };
}

describe("the audience count", () => {
  it("asks the database once, however many members the audience has", async () => {
    const admin = await givenOperator("admin");
    await members(25);
    const { binding, counter } = countingD1(env.DB);
    const size = await audienceSize({ ...admin.app, db: createDb(binding) }, broadcast("count-once-2026"));
    expect(size).toBeGreaterThanOrEqual(25);
    expect(counter.statements).toBeLessThanOrEqual(2);
  });
});

describe("a broadcast larger than one batch", () => {
  it("is stored with its audit row, sends one batch in the request and the per-minute cron sends the rest once", async () => {
    const admin = await givenOperator("admin");
    await members(70);
    const news = broadcast("large-news-2026");
    const audience = await audienceSize(admin.app, news);
    expect(audience).toBeGreaterThan(60);

    const first = await sendBroadcast(admin.app, news);
    expect(first).toMatchObject({ audience, sent: 40 });
    expect(await newsMails()).toHaveLength(40);
    const [stored] = await db.select().from(broadcasts).where(eq(broadcasts.key, "large-news-2026"));
    expect(stored).toMatchObject({
      operatorId: admin.id,
      kind: "news",
      domain: "localhost",
      audienceSize: audience,
      sent: 40,
      finishedAt: null,
      headline: { nl: "Nieuw: videochat" },
    });

    // The form sent again changes nothing but sends no more than the next batch.
    await sendBroadcast(admin.app, news);
    expect(await auditRowsFor("broadcast", "large-news-2026")).toHaveLength(1);

    await everyMinute(NOW + 60_000);
    await everyMinute(NOW + 120_000);
    const mails = await newsMails();
    expect(mails).toHaveLength(audience);
    expect(new Set(mails.map((m) => m.to)).size).toBe(audience);
    const [done] = await db.select().from(broadcasts).where(eq(broadcasts.key, "large-news-2026"));
    expect(done!.sent).toBe(audience);
    expect(done!.finishedAt).not.toBeNull();

    await everyMinute(NOW + 180_000);
    expect(await newsMails()).toHaveLength(audience);
  });
});

describe("the console's list of broadcasts", () => {
  it("shows each recent broadcast with how many of its audience had it and whether it is still sending", async () => {
    const admin = await givenOperator("admin");
    await members(2);
    await sendBroadcast(admin.app, broadcast("listed-news-2026", { subject_nl: "Zomerfeest" }));
    const page = await SELF.fetch("http://localhost/admin/broadcasts", { headers: { Cookie: admin.cookie } });
    const html = (await page.text()).replaceAll("<!-- -->", "");
    const list = /<ul[^>]*data-testid="broadcast-list"[\s\S]*?<\/ul>/.exec(html)?.[0] ?? "";
    expect(list).toContain("Zomerfeest");
    const [row] = await db.select().from(broadcasts).where(eq(broadcasts.key, "listed-news-2026"));
    expect(list).toContain(`${row!.sent} / ${row!.audienceSize}`);
    expect(list).toMatch(row!.finishedAt === null ? /Bezig met verzenden/ : /Verzonden/);
  });
});
