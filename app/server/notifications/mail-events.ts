// The mail provider's reports (POST /api/mail/events): a hard bounce or a spam
// complaint switches the address's e-mail notifications off, with the reason
// shown in the member's settings. Soft bounces are passing trouble
// and change nothing. The provider proves itself with a shared secret.
import { inArray } from "drizzle-orm";
import { z } from "zod";
import type { RequestContext } from "#app/context.ts";
import { appConfig } from "#app/server/config/env.ts";
import { users } from "#app/server/db/schema.ts";

const eventSchema = z.object({
  type: z.enum(["bounce", "spam_complaint"]),
  email: z.email().max(254),
  /** Only hard (permanent) bounces count; soft ones are retried by the provider. */
  bounce_type: z.enum(["hard", "soft"]).default("hard"),
});

export const mailEventsSchema = z.union([
  z.object({ events: z.array(eventSchema).min(1).max(500) }),
  eventSchema.transform((event) => ({ events: [event] })),
]);

export type MailEvents = z.output<typeof mailEventsSchema>;

export async function isMailProvider(app: Pick<RequestContext, "env">, authorization: string | undefined) {
  const expected = `Bearer ${appConfig(app.env).mailWebhookSecret}`;
  const given = authorization ?? "";
  const digest = async (text: string) =>
    new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text)));
  // Equal-length digests compared in full: no early exit that timing could reveal.
  const [a, b] = await Promise.all([digest(expected), digest(given)]);
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a[i]! ^ b[i]!;
  return diff === 0;
}

/** Applies the reports; answers how many addresses were switched off. */
export async function applyMailEvents(app: Pick<RequestContext, "db">, input: MailEvents) {
  const byReason = { bounce: new Set<string>(), spam_complaint: new Set<string>() };
  for (const event of input.events) {
    if (event.type === "bounce" && event.bounce_type === "soft") continue;
    byReason[event.type].add(event.email.trim().toLowerCase());
  }
  let disabled = 0;
  for (const reason of ["bounce", "spam_complaint"] as const) {
    const emails = [...byReason[reason]];
    // D1 binds at most 100 parameters per statement.
    for (let at = 0; at < emails.length; at += 90) {
      const rows = await app.db
        .update(users)
        .set({ emailDisabledReason: reason })
        .where(inArray(users.email, emails.slice(at, at + 90)))
        .returning({ id: users.id });
      disabled += rows.length;
    }
  }
  return { disabled };
}
