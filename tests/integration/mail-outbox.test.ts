import { env } from "cloudflare:test";
import { asc, eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { appConfig } from "#app/server/config/env.ts";
import { mailOutbox, users } from "#app/server/db/schema.ts";
import type { Logger } from "#app/server/log.ts";
import { composeMail } from "#app/server/mail/compose.ts";
import { deliverQueuedMail, queueMail, splitStoredHtml } from "#app/server/mail/outbox.ts";
import { db, NOW } from "./fixtures.ts";
import { givenProviderFakes, mailApiVars } from "./provider-fakes.ts";

const site = { name: "Hartslag", supportEmail: "support@hartslag.example", baseUrl: "https://hartslag.example" };
const link = "https://hartslag.example/activate/do?token=secret-token";

const activationMail = (to = "anna@example.org") =>
  composeMail({ to, template: "activation", locale: "nl", params: { name: "Anna", link, conversations: 2 }, site });

function quietLog() {
  return { info: vi.fn(), warn: vi.fn(), error: vi.fn() } satisfies Logger;
}

function mailApp(vars: Record<string, unknown> = {}, now = NOW) {
  return { db, env: { ...env, ...vars } as Env, log: quietLog(), now: () => now };
}

/** A send_email binding that keeps what it is given, or refuses as the provider does. */
function fakeEmailBinding(refuse?: Error) {
  const sent: unknown[] = [];
  const binding = {
    sent,
    async send(message: unknown) {
      if (refuse) throw refuse;
      sent.push(message);
      return { messageId: `<cf-${sent.length}@mail.example>` };
    },
  };
  return binding;
}

function signup(email: string) {
  return db.insert(users).values({ email, passwordHash: "!", domain: "localhost", signupDate: NOW });
}

const outboxRows = () => db.select().from(mailOutbox).orderBy(asc(mailOutbox.id));

afterEach(() => {
  vi.restoreAllMocks();
});

describe("queueing mail in the batch of the change that causes it", () => {
  it("writes the mail as queued together with the signup", async () => {
    await db.batch([signup("anna@example.org"), queueMail(db, activationMail(), NOW)]);
    const [row] = await outboxRows();
    expect(row).toMatchObject({
      to: "anna@example.org",
      template: "activation",
      locale: "nl",
      subject: "Bevestig je e-mailadres voor Hartslag",
      status: "queued",
      createdAt: NOW,
      sentAt: null,
      providerId: null,
      attempts: 0,
      nextAttemptAt: NOW,
    });
    expect(splitStoredHtml(row!.html).html).toBe(activationMail().html);
    expect(row!.text).toContain(link);
  });

  it("writes no mail when the change fails, and no change without its mail", async () => {
    await signup("anna@example.org");
    await expect(db.batch([signup("anna@example.org"), queueMail(db, activationMail(), NOW)])).rejects.toThrow();
    expect(await outboxRows()).toEqual([]);
  });
});

describe("delivering through the outbox transport (the local default)", () => {
  it("marks queued mail sent and keeps it readable", async () => {
    await queueMail(db, activationMail(), NOW - 1000);
    const app = mailApp({}, NOW);
    expect(appConfig(app.env).mail.transport).toBe("outbox");
    const fetchSpy = vi.spyOn(globalThis, "fetch");

    expect(await deliverQueuedMail(app)).toEqual({ sent: 1, retrying: 0, failed: 0 });
    const [row] = await outboxRows();
    expect(row).toMatchObject({ status: "sent", sentAt: NOW, attempts: 1, lastError: null });
    expect(row!.html).toContain(link);
    expect(fetchSpy).not.toHaveBeenCalled();
    expect(await deliverQueuedMail(app)).toEqual({ sent: 0, retrying: 0, failed: 0 });
  });

  it("delivers the oldest first, at most `limit` at a time", async () => {
    await queueMail(db, activationMail("late@example.org"), NOW - 1000);
    await queueMail(db, activationMail("early@example.org"), NOW - 5000);
    await queueMail(db, activationMail("middle@example.org"), NOW - 3000);

    expect(await deliverQueuedMail(mailApp(), { limit: 2 })).toEqual({ sent: 2, retrying: 0, failed: 0 });
    const queued = await db.select({ to: mailOutbox.to }).from(mailOutbox).where(eq(mailOutbox.status, "queued"));
    expect(queued).toEqual([{ to: "late@example.org" }]);
  });
});

describe("delivering through Cloudflare Email Service (the send_email binding)", () => {
  const cloudflare = (binding: object, vars: Record<string, unknown> = {}) =>
    mailApp({ MAIL_TRANSPORT: "cloudflare", EMAIL: binding, ...vars });

  it("sends the structured message with sender name, both bodies and the unsubscribe headers", async () => {
    const mail = composeMail({
      to: "anna@example.org",
      template: "like",
      locale: "nl",
      params: { name: "Anna", link, sender: "Bram" },
      site,
      unsubscribe: {
        link: "https://hartslag.example/unsubscribe?token=t",
        oneClick: "https://hartslag.example/api/mail/unsubscribe?token=t",
      },
    });
    await queueMail(db, mail, NOW - 1000);
    const binding = fakeEmailBinding();
    const fetchSpy = vi.spyOn(globalThis, "fetch");

    expect(await deliverQueuedMail(cloudflare(binding))).toEqual({ sent: 1, retrying: 0, failed: 0 });

    expect(binding.sent).toEqual([
      {
        from: { name: "Hartslag", email: "noreply@hartslag.example" },
        to: "anna@example.org",
        subject: mail.subject,
        html: mail.html,
        text: mail.text,
        headers: {
          "List-Unsubscribe":
            "<https://hartslag.example/api/mail/unsubscribe?token=t>, <mailto:support@hartslag.example?subject=unsubscribe>",
          "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
        },
      },
    ]);
    expect(fetchSpy).not.toHaveBeenCalled();
    const [row] = await outboxRows();
    expect(row).toMatchObject({ status: "sent", providerId: "<cf-1@mail.example>", sentAt: NOW, html: "", text: "" });
  });

  it("sends from MAIL_FROM when it is set", async () => {
    await queueMail(db, activationMail(), NOW);
    const binding = fakeEmailBinding();
    await deliverQueuedMail(cloudflare(binding, { MAIL_FROM: "hello@mail.hartslag.example" }));
    expect(binding.sent).toEqual([
      expect.objectContaining({ from: { name: "Hartslag", email: "hello@mail.hartslag.example" } }),
    ]);
  });

  it("keeps a mail the binding refuses queued for a retry, with the reason", async () => {
    await queueMail(db, activationMail(), NOW - 1000);
    const app = cloudflare(fakeEmailBinding(new Error("E_RATE_LIMIT_EXCEEDED: try again later")));

    expect(await deliverQueuedMail(app)).toEqual({ sent: 0, retrying: 1, failed: 0 });

    const [row] = await outboxRows();
    expect(row).toMatchObject({
      status: "queued",
      attempts: 1,
      nextAttemptAt: NOW + 2 * 60_000,
      lastError: "E_RATE_LIMIT_EXCEEDED: try again later",
      sentAt: null,
      providerId: null,
    });
    expect(splitStoredHtml(row!.html).html).toBe(activationMail().html);
    expect(app.log.warn).toHaveBeenCalledWith(
      "mail not delivered, will retry",
      expect.objectContaining({ mailId: row!.id, transport: "cloudflare", attempts: 1 }),
    );
  });
});

describe("delivering through the http transport", () => {
  it("posts the mail as JSON with the bearer key, then keeps the provider's id and drops the bodies", async () => {
    await queueMail(db, activationMail(), NOW - 1000);
    const { mailApi, fetchSpy } = givenProviderFakes();

    expect(await deliverQueuedMail(mailApp(mailApiVars))).toEqual({ sent: 1, retrying: 0, failed: 0 });

    expect(fetchSpy).toHaveBeenCalledTimes(1);
    const mail = activationMail();
    expect(mailApi.mails).toEqual([
      {
        id: "mail-1",
        from: "Hartslag <noreply@hartslag.example>",
        to: "anna@example.org",
        subject: "Bevestig je e-mailadres voor Hartslag",
        html: mail.html,
        text: mail.text,
        headers: {
          "List-Unsubscribe":
            "<mailto:support@hartslag.example?subject=unsubscribe>, <https://hartslag.example/notifications>",
        },
      },
    ]);
    const [row] = await outboxRows();
    expect(row).toMatchObject({
      status: "sent",
      providerId: "mail-1",
      sentAt: NOW,
      html: "",
      text: "",
      subject: "Bevestig je e-mailadres voor Hartslag",
      to: "anna@example.org",
      template: "activation",
    });
  });

  it("sends from MAIL_FROM with the domain's mail name when both are set", async () => {
    const mail = composeMail({
      to: "anna@example.org",
      template: "password_reset",
      locale: "en",
      params: { name: "Anna", link, hours: 2 },
      site: { ...site, mailName: "Hartslag Dating" },
    });
    await queueMail(db, mail, NOW);
    const { mailApi } = givenProviderFakes();

    await deliverQueuedMail(mailApp({ ...mailApiVars, MAIL_FROM: "hello@mail.hartslag.example" }));
    expect(mailApi.mails[0]!.from).toBe("Hartslag Dating <hello@mail.hartslag.example>");
    expect(mailApi.mails[0]!.text).toContain("valid for 2 hours");
  });

  it("keeps a mail the provider refuses queued for a retry, logs it, and goes on with the next", async () => {
    await queueMail(db, activationMail("refused@example.org"), NOW - 2000);
    await queueMail(db, activationMail("accepted@example.org"), NOW - 1000);
    const { mailApi } = givenProviderFakes();
    mailApi.refuseNext = [500];
    const app = mailApp(mailApiVars);

    expect(await deliverQueuedMail(app)).toEqual({ sent: 1, retrying: 1, failed: 0 });

    const [refused, accepted] = await outboxRows();
    expect(refused).toMatchObject({
      to: "refused@example.org",
      status: "queued",
      attempts: 1,
      lastError: 'mail provider answered 500: {"error":"provider unavailable"}',
      providerId: null,
      sentAt: null,
    });
    expect(refused!.html).toContain(link);
    expect(accepted).toMatchObject({ to: "accepted@example.org", status: "sent", providerId: "mail-1" });
    expect(app.log.warn).toHaveBeenCalledWith(
      "mail not delivered, will retry",
      expect.objectContaining({ mailId: refused!.id, template: "activation", transport: "http" }),
    );
  });

  it("keeps a mail queued when the provider cannot be reached or does not answer in time", async () => {
    await queueMail(db, activationMail(), NOW);
    vi.spyOn(globalThis, "fetch").mockRejectedValueOnce(new TypeError("network down"));
    expect(await deliverQueuedMail(mailApp(mailApiVars))).toEqual({ sent: 0, retrying: 1, failed: 0 });
    expect((await outboxRows())[0]).toMatchObject({ status: "queued", attempts: 1, lastError: "network down" });

    vi.restoreAllMocks();
    const { mailApi } = givenProviderFakes();
    mailApi.hang = true;
    const later = NOW + 2 * 60_000;
    expect(await deliverQueuedMail(mailApp(mailApiVars, later), { timeoutMs: 20 })).toEqual({
      sent: 0,
      retrying: 1,
      failed: 0,
    });
    expect((await outboxRows())[0]).toMatchObject({ status: "queued", attempts: 2, nextAttemptAt: later + 4 * 60_000 });
    expect((await outboxRows())[0]!.lastError).toBe("mail provider did not answer within 20 ms");
  });

  it("gives up at once on a mail the provider says it can never take", async () => {
    await queueMail(db, activationMail(), NOW);
    const { mailApi } = givenProviderFakes();
    mailApi.failWith = 422;
    const app = mailApp(mailApiVars);
    expect(await deliverQueuedMail(app)).toEqual({ sent: 0, retrying: 0, failed: 1 });
    expect((await outboxRows())[0]).toMatchObject({ status: "failed", attempts: 1 });
    expect(app.log.error).toHaveBeenCalledWith("mail delivery given up", expect.objectContaining({ attempts: 1 }));
  });

  it("sends each mail once when two deliveries run at the same time", async () => {
    for (let i = 0; i < 5; i++) await queueMail(db, activationMail(`member${i}@example.org`), NOW - i);
    const { mailApi } = givenProviderFakes();

    const runs = await Promise.all([deliverQueuedMail(mailApp(mailApiVars)), deliverQueuedMail(mailApp(mailApiVars))]);

    expect(runs[0]!.sent + runs[1]!.sent).toBe(5);
    expect(mailApi.mails.map((m) => m.to).sort()).toEqual([0, 1, 2, 3, 4].map((i) => `member${i}@example.org`));
  });

  it("leaves mail queued and logs when the provider is not configured", async () => {
    await queueMail(db, activationMail(), NOW);
    const app = mailApp({ MAIL_TRANSPORT: "http" });
    const fetchSpy = vi.spyOn(globalThis, "fetch");

    expect(await deliverQueuedMail(app)).toEqual({ sent: 0, retrying: 0, failed: 0 });
    expect(fetchSpy).not.toHaveBeenCalled();
    expect((await outboxRows())[0]).toMatchObject({ status: "queued", attempts: 0, sentAt: null });
    expect(app.log.error).toHaveBeenCalledWith("mail transport not usable", expect.anything());
  });
});
