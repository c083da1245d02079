// Texts (direct-debit codes) go out through Twilio's Messages API, checked by
// a fake of it; locally the outbox keeps them for /dev/mail. A text Twilio
// does not take stays queued and is retried within seconds to minutes (the
// code lives 10 minutes), and each text is sent once however many runs race.
import { env } from "cloudflare:test";
import { asc } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { appConfig } from "#app/server/config/env.ts";
import { smsOutbox } from "#app/server/db/schema.ts";
import { runHourly } from "#app/server/jobs/hourly.ts";
import type { Logger } from "#app/server/log.ts";
import { claimText } from "#app/server/sms/allowance.ts";
import { deliverQueuedSms, queueSms } from "#app/server/sms/outbox.ts";
import { FAKE_TWILIO_SID } from "#tests/fakes/twilio.ts";
import { accountsApp, db, NOW, settleBackgroundWork } from "./fixtures.ts";
import { givenProviderFakes, twilioVars } from "./provider-fakes.ts";

const MOBILE = "+31612345678";
const SECOND = 1000;

function quietLog() {
  return { info: vi.fn(), warn: vi.fn(), error: vi.fn() } satisfies Logger;
}

/** A request's context with the given Worker vars (Twilio's by default). */
function smsApp(vars: Record<string, string> = twilioVars, now = NOW) {
  return { ...accountsApp({ now: () => now }), env: { ...env, ...vars } as Env, log: quietLog() };
}

const sendCode = async (app: ReturnType<typeof smsApp>, to = MOBILE, code = "123456") =>
  queueSms(app, await claimText(app, 1, to), "directDebitCode", { code, name: "Hartslag" });

const rows = () => db.select().from(smsOutbox).orderBy(asc(smsOutbox.id));

afterEach(() => {
  vi.restoreAllMocks();
});

describe("texts through Twilio", () => {
  it("posts the text to the account's Messages resource right after queueing it, keeps the sid and forgets the code", async () => {
    const { twilio, fetchSpy } = givenProviderFakes();
    await sendCode(smsApp());
    await settleBackgroundWork();

    expect(fetchSpy).toHaveBeenCalledTimes(1);
    const request = new Request(fetchSpy.mock.calls[0]![0], fetchSpy.mock.calls[0]![1]);
    expect(request.url).toBe(`https://twilio.fake.test/2010-04-01/Accounts/${FAKE_TWILIO_SID}/Messages.json`);
    expect(twilio.messages).toEqual([
      {
        sid: expect.stringMatching(/^SM[0-9a-f]{32}$/),
        to: MOBILE,
        from: "Hartslag",
        body: "Je code voor Hartslag: 123456. Geldig 10 minuten. Deel deze code met niemand.",
      },
    ]);
    const [row] = await rows();
    expect(row).toMatchObject({
      to: MOBILE,
      status: "sent",
      providerId: twilio.messages[0]!.sid,
      sentAt: NOW,
      attempts: 1,
      text: "",
    });
  });

  it("keeps a text Twilio cannot take now queued, and retries after 10 s, 20 s, 40 s, 80 s and 2 min before giving up", async () => {
    const { twilio } = givenProviderFakes();
    twilio.failWith = 503;
    await sendCode(smsApp());
    await settleBackgroundWork();

    let at = NOW;
    for (const wait of [10, 20, 40, 80, 120]) {
      const [row] = await rows();
      expect(row).toMatchObject({ status: "queued", nextAttemptAt: at + wait * SECOND });
      expect(row!.lastError).toContain("Twilio answered 503");
      // Not before its time.
      expect(await deliverQueuedSms(smsApp(twilioVars, at + wait * SECOND - 1))).toEqual({
        sent: 0,
        retrying: 0,
        failed: 0,
      });
      at += wait * SECOND;
      await deliverQueuedSms(smsApp(twilioVars, at));
    }

    const app = smsApp(twilioVars, at);
    const [row] = await rows();
    expect(row).toMatchObject({ status: "failed", attempts: 6 });
    expect(row!.text).toContain("123456");
    expect(twilio.requests).toBe(6);
    expect(await deliverQueuedSms(app)).toEqual({ sent: 0, retrying: 0, failed: 0 });
  });

  it("logs a text it gives up on", async () => {
    const { twilio } = givenProviderFakes();
    twilio.failWith = 500;
    await db
      .insert(smsOutbox)
      .values({ to: MOBILE, text: "Je code: 1", createdAt: NOW, attempts: 5, nextAttemptAt: NOW });
    const app = smsApp(twilioVars);
    expect(await deliverQueuedSms(app)).toEqual({ sent: 0, retrying: 0, failed: 1 });
    expect(app.log.error).toHaveBeenCalledWith(
      "sms delivery given up",
      expect.objectContaining({ smsId: expect.any(Number), attempts: 6, provider: "twilio" }),
    );
  });

  it("counts a request that times out as not delivered, and sends the text on the next run", async () => {
    const { twilio } = givenProviderFakes();
    twilio.hang = true;
    await db.insert(smsOutbox).values({ to: MOBILE, text: "Je code: 1", createdAt: NOW, nextAttemptAt: NOW });

    expect(await deliverQueuedSms(smsApp(), { timeoutMs: 20 })).toEqual({ sent: 0, retrying: 1, failed: 0 });
    expect((await rows())[0]).toMatchObject({
      status: "queued",
      attempts: 1,
      nextAttemptAt: NOW + 10 * SECOND,
      lastError: "Twilio did not answer within 20 ms",
    });

    twilio.hang = false;
    expect(await deliverQueuedSms(smsApp(twilioVars, NOW + 10 * SECOND))).toEqual({ sent: 1, retrying: 0, failed: 0 });
    expect(twilio.messages).toHaveLength(1);
  });

  it("gives up at once on a number Twilio refuses, with Twilio's reason", async () => {
    const { twilio } = givenProviderFakes();
    await sendCode(smsApp(), "0612345678");
    await settleBackgroundWork();
    const [row] = await rows();
    expect(row).toMatchObject({ status: "failed", attempts: 1 });
    expect(row!.lastError).toBe("Twilio answered 400 (21211): The 'To' number 0612345678 is not a valid phone number.");
    expect(twilio.messages).toEqual([]);
  });

  it("retries when Twilio refuses the credentials: an operator can put them right", async () => {
    const { twilio } = givenProviderFakes();
    await sendCode(smsApp({ ...twilioVars, TWILIO_AUTH_TOKEN: "not-the-auth-token" }));
    await settleBackgroundWork();
    expect((await rows())[0]).toMatchObject({
      status: "queued",
      attempts: 1,
      lastError: "Twilio answered 401 (20003): Authenticate",
    });
    expect(await deliverQueuedSms(smsApp(twilioVars, NOW + 10 * SECOND))).toEqual({ sent: 1, retrying: 0, failed: 0 });
    expect(twilio.messages).toHaveLength(1);
  });

  it("sends each text once when two deliveries run at the same time", async () => {
    const { twilio } = givenProviderFakes();
    for (let i = 0; i < 5; i++) {
      await db
        .insert(smsOutbox)
        .values({ to: `+3161234567${i}`, text: `Code ${i}`, createdAt: NOW, nextAttemptAt: NOW });
    }
    const runs = await Promise.all([deliverQueuedSms(smsApp()), deliverQueuedSms(smsApp())]);
    expect(runs[0]!.sent + runs[1]!.sent).toBe(5);
    expect(twilio.messages.map((m) => m.to).sort()).toEqual([0, 1, 2, 3, 4].map((i) => `+3161234567${i}`));
  });

  it("takes over a text whose run died mid-send once its claim has lapsed, not before", async () => {
    const { twilio } = givenProviderFakes();
    // What a claim leaves: one attempt started, the row held for a minute.
    await db
      .insert(smsOutbox)
      .values({ to: MOBILE, text: "Code 1", createdAt: NOW, attempts: 1, nextAttemptAt: NOW + 60 * SECOND });
    expect(await deliverQueuedSms(smsApp(twilioVars, NOW + 30 * SECOND))).toEqual({ sent: 0, retrying: 0, failed: 0 });
    expect(await deliverQueuedSms(smsApp(twilioVars, NOW + 60 * SECOND))).toEqual({ sent: 1, retrying: 0, failed: 0 });
    expect(twilio.messages).toHaveLength(1);
    expect((await rows())[0]).toMatchObject({ status: "sent", attempts: 2 });
  });
});

describe("texts in the local outbox", () => {
  it("keeps the text for /dev/mail and calls no provider", async () => {
    const fetchSpy = vi.spyOn(globalThis, "fetch");
    const app = smsApp({});
    expect(appConfig(app.env).sms.provider).toBe("outbox");
    await sendCode(app);
    await settleBackgroundWork();
    expect(fetchSpy).not.toHaveBeenCalled();
    const [row] = await rows();
    expect(row).toMatchObject({ status: "sent", attempts: 1, sentAt: NOW });
    expect(row!.text).toContain("123456");
  });

  it("leaves texts queued and logs when the provider is not configured", async () => {
    const fetchSpy = vi.spyOn(globalThis, "fetch");
    const app = smsApp({ SMS_PROVIDER: "twilio" });
    await sendCode(app);
    await settleBackgroundWork();
    expect(fetchSpy).not.toHaveBeenCalled();
    expect((await rows())[0]).toMatchObject({ status: "queued", attempts: 0 });
    expect(app.log.error).toHaveBeenCalledWith("sms provider not usable", expect.anything());
  });
});

describe("keeping texts", () => {
  it("forgets texts sent or given up more than 30 days ago in the hourly job, and keeps the rest", async () => {
    const DAY = 86_400_000;
    const text = (status: "queued" | "sent" | "failed", age: number, to: string) => ({
      to,
      text: "",
      status,
      createdAt: NOW - age,
      nextAttemptAt: NOW - age,
    });
    await db
      .insert(smsOutbox)
      .values([
        text("sent", 31 * DAY, "+31600000001"),
        text("failed", 31 * DAY, "+31600000002"),
        text("sent", 29 * DAY, "+31600000003"),
        text("failed", 29 * DAY, "+31600000004"),
        text("queued", 31 * DAY, "+31600000005"),
      ]);
    await runHourly({ db, env, log: quietLog(), now: () => NOW });
    expect((await rows()).map((row) => row.to)).toEqual(["+31600000003", "+31600000004", "+31600000005"]);
  });
});
