// Text messages (direct-debit codes). Locally the outbox table is the
// destination (read at /dev/mail); in production an HTTP SMS provider
// (SMS_API_URL, SMS_API_KEY) receives them.
import { eq } from "drizzle-orm";
import type { RequestContext } from "#app/context.ts";
import { translator } from "#app/i18n/i18next.server.ts";
import { smsOutbox } from "#app/server/db/schema.ts";

export async function queueSms(
  app: Pick<RequestContext, "db" | "env" | "now" | "locale" | "log">,
  to: string,
  template: "directDebitCode",
  params: Record<string, string>,
) {
  const text = translator(app.locale)(`payments:sms.${template}`, params);
  const [row] = await app.db.insert(smsOutbox).values({ to, text, createdAt: app.now() }).returning();
  const env = app.env as unknown as Record<string, string | undefined>;
  if (!env.SMS_API_URL) {
    await app.db.update(smsOutbox).set({ status: "sent" }).where(eq(smsOutbox.id, row!.id));
    return;
  }
  const response = await fetch(env.SMS_API_URL, {
    method: "POST",
    headers: { Authorization: `Bearer ${env.SMS_API_KEY ?? ""}`, "Content-Type": "application/json" },
    body: JSON.stringify({ to, text }),
  }).catch(() => null);
  await app.db
    .update(smsOutbox)
    .set({ status: response?.ok ? "sent" : "failed", text: response?.ok ? "" : text })
    .where(eq(smsOutbox.id, row!.id));
  if (!response?.ok) app.log.error("sms not sent", { to });
}
