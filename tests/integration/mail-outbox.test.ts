import { env } from "cloudflare:test";
import { asc, eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { mailOutbox, users } from "#app/server/db/schema.ts";
import type { Logger } from "#app/server/log.ts";
import { composeMail } from "#app/server/mail/compose.ts";
import { deliverQueuedMail, queueMail, splitStoredHtml } from "#app/server/mail/outbox.ts";
import { db, NOW } from "./fixtures.ts";

const site = { name: "Hartslag", supportEmail: "support@hartslag.example", baseUrl: "https://hartslag.example" };
const link = "https://hartslag.example/activate/do?token=secret-token";
const PROVIDER = "https://mail-provider.example/v1/send";

const activationMail = (to = "anna@example.org") =>
  composeMail({ to, template: "activation", locale: "nl", params: { name: "Anna", link }, site });

function quietLog() {
  return { info: vi.fn(), warn: vi.fn(), error: vi.fn() } satisfies Logger;
}

function mailApp(vars: Record<string, string> = {}, now = NOW) {
  return { db, env: { ...env, ...vars } as Env, log: quietLog(), now: () => now };
}

const http = { MAIL_TRANSPORT: "http", MAIL_API_URL: PROVIDER, MAIL_API_KEY: "test-key" };

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
    expect(app.env.MAIL_TRANSPORT).toBe("outbox");
    const fetchSpy = vi.spyOn(globalThis, "fetch");

    expect(await deliverQueuedMail(app)).toEqual({ sent: 1, failed: 0 });
    const [row] = await outboxRows();
    expect(row).toMatchObject({ status: "sent", sentAt: NOW });
    expect(row!.html).toContain(link);
    expect(fetchSpy).not.toHaveBeenCalled();
    expect(await deliverQueuedMail(app)).toEqual({ sent: 0, failed: 0 });
  });

  it("delivers the oldest first, at most `limit` at a time", async () => {
    await queueMail(db, activationMail("late@example.org"), NOW - 1000);
    await queueMail(db, activationMail("early@example.org"), NOW - 5000);
    await queueMail(db, activationMail("middle@example.org"), NOW - 3000);

    expect(await deliverQueuedMail(mailApp(), { limit: 2 })).toEqual({ sent: 2, failed: 0 });
    const queued = await db.select({ to: mailOutbox.to }).from(mailOutbox).where(eq(mailOutbox.status, "queued"));
    expect(queued).toEqual([{ to: "late@example.org" }]);
  });
});

describe("delivering through the http transport", () => {
  it("posts the mail as JSON with the bearer key, then keeps the provider's id and drops the bodies", async () => {
    await queueMail(db, activationMail(), NOW - 1000);
    const fetchSpy = vi
      .spyOn(globalThis, "fetch")
      .mockResolvedValue(Response.json({ id: "provider-42", status: "queued" }, { status: 202 }));

    expect(await deliverQueuedMail(mailApp(http))).toEqual({ sent: 1, failed: 0 });

    expect(fetchSpy).toHaveBeenCalledTimes(1);
    const [url, init] = fetchSpy.mock.calls[0]!;
    expect(url).toBe(PROVIDER);
    expect(init?.method).toBe("POST");
    const headers = new Headers(init?.headers);
    expect(headers.get("authorization")).toBe("Bearer test-key");
    expect(headers.get("content-type")).toBe("application/json");
    const mail = activationMail();
    expect(JSON.parse(String(init?.body))).toEqual({
      from: "Hartslag <noreply@hartslag.example>",
      to: "anna@example.org",
      subject: "Bevestig je e-mailadres voor Hartslag",
      html: mail.html,
      text: mail.text,
      headers: {
        "List-Unsubscribe":
          "<mailto:support@hartslag.example?subject=unsubscribe>, <https://hartslag.example/notifications>",
      },
    });

    const [row] = await outboxRows();
    expect(row).toMatchObject({
      status: "sent",
      providerId: "provider-42",
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
    const fetchSpy = vi.spyOn(globalThis, "fetch").mockResolvedValue(Response.json({ id: "p-1" }));

    await deliverQueuedMail(mailApp({ ...http, MAIL_FROM: "hello@mail.hartslag.example" }));
    const sent = JSON.parse(String(fetchSpy.mock.calls[0]![1]?.body));
    expect(sent.from).toBe("Hartslag Dating <hello@mail.hartslag.example>");
    expect(sent.text).toContain("valid for 2 hours");
  });

  it("marks a mail the provider refuses as failed, logs it, and goes on with the next", async () => {
    await queueMail(db, activationMail("refused@example.org"), NOW - 2000);
    await queueMail(db, activationMail("accepted@example.org"), NOW - 1000);
    vi.spyOn(globalThis, "fetch")
      .mockResolvedValueOnce(new Response("internal error", { status: 500 }))
      .mockResolvedValueOnce(Response.json({ id: "provider-2" }));
    const app = mailApp(http);

    expect(await deliverQueuedMail(app)).toEqual({ sent: 1, failed: 1 });

    const [refused, accepted] = await outboxRows();
    expect(refused).toMatchObject({ to: "refused@example.org", status: "failed", providerId: null, sentAt: null });
    expect(refused!.html).toContain(link);
    expect(accepted).toMatchObject({ to: "accepted@example.org", status: "sent", providerId: "provider-2" });
    expect(app.log.error).toHaveBeenCalledWith(
      "mail delivery failed",
      expect.objectContaining({ mailId: refused!.id, template: "activation", transport: "http" }),
    );
  });

  it("marks a mail failed when the provider cannot be reached", async () => {
    await queueMail(db, activationMail(), NOW);
    vi.spyOn(globalThis, "fetch").mockRejectedValue(new TypeError("network down"));
    expect(await deliverQueuedMail(mailApp(http))).toEqual({ sent: 0, failed: 1 });
    expect((await outboxRows())[0]).toMatchObject({ status: "failed" });
  });

  it("sends each mail once when two deliveries run at the same time", async () => {
    for (let i = 0; i < 5; i++) await queueMail(db, activationMail(`member${i}@example.org`), NOW - i);
    const fetchSpy = vi.spyOn(globalThis, "fetch").mockImplementation(async () => Response.json({ id: "x" }));

    const runs = await Promise.all([deliverQueuedMail(mailApp(http)), deliverQueuedMail(mailApp(http))]);

    expect(runs[0]!.sent + runs[1]!.sent).toBe(5);
    expect(fetchSpy).toHaveBeenCalledTimes(5);
  });

  it("leaves mail queued and logs when the provider is not configured", async () => {
    await queueMail(db, activationMail(), NOW);
    const app = mailApp({ MAIL_TRANSPORT: "http" });
    const fetchSpy = vi.spyOn(globalThis, "fetch");

    expect(await deliverQueuedMail(app)).toEqual({ sent: 0, failed: 0 });
    expect(fetchSpy).not.toHaveBeenCalled();
    expect((await outboxRows())[0]).toMatchObject({ status: "queued", sentAt: null });
    expect(app.log.error).toHaveBeenCalledWith("mail transport not usable", expect.anything());
  });
});
