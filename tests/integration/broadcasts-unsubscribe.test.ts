// The unsubscribe link of a promotions or news mail switches off that kind of
// mail only; the /unsubscribe page says which kind. Links signed before links
// named a kind keep switching off every notification mail.
import { SELF } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { notificationPreferences } from "#app/server/accounts/account-settings.ts";
import { broadcastOf, sendBroadcast } from "#app/server/broadcasts/broadcasts.ts";
import { type BroadcastForm, broadcastSchema } from "#app/server/broadcasts/schema.ts";
import { users } from "#app/server/db/schema.ts";
import { unsubscribeLinks } from "#app/server/notifications/unsubscribe.ts";
import { db, givenMember, givenOffersChoice, mailsTo } from "./fixtures.ts";
import { givenOperator } from "./operator-fixtures.ts";

async function promotionMailTo() {
  const admin = await givenOperator("admin");
  const id = await givenMember();
  await givenOffersChoice(id);
  await sendBroadcast(
    admin.app,
    broadcastOf(
      broadcastSchema.parse({
        intent: "send",
        kind: "promotions",
        domain: "localhost",
        key: `promo-${id}-2026`,
        subject_nl: "Voorjaarsactie",
        body_nl: "Deze week 20% extra credits.",
      }) as BroadcastForm,
    ),
  );
  const [member] = await db.select().from(users).where(eq(users.id, id));
  const [mail] = await mailsTo(member!.email);
  return { id, admin, token: /\/unsubscribe\?token=([A-Za-z0-9_.-]+)/.exec(mail!.text)![1]! };
}

/** The page's main content as rendered (not the translations shipped along for the browser). */
const mainOf = (html: string) => /<main[\s\S]*<\/main>/.exec(html.replaceAll("<!-- -->", ""))?.[0] ?? "";

const emailChoices = async (id: number) => {
  const preferences = await notificationPreferences({ db }, id);
  const [row] = await db.select({ reason: users.emailDisabledReason }).from(users).where(eq(users.id, id));
  return { promotions: preferences.promotions.email, news: preferences.news.email, reason: row!.reason };
};

describe("unsubscribing from a promotions mail", () => {
  it("switches off promotions by e-mail and nothing else, in one click", async () => {
    const { id, token } = await promotionMailTo();
    const response = await SELF.fetch(`http://localhost/api/mail/unsubscribe?token=${token}`, {
      method: "POST",
      body: "List-Unsubscribe=One-Click",
    });
    expect(response.status).toBe(200);
    expect(await emailChoices(id)).toEqual({ promotions: false, news: true, reason: null });
  });

  it("says on the page which kind of mail stops, and links to the notification settings", async () => {
    const { id, token } = await promotionMailTo();
    const page = mainOf(await (await SELF.fetch(`http://localhost/unsubscribe?token=${token}`)).text());
    expect(page).toContain("Je krijgt dan geen acties en aanbiedingen van Hartslag meer per e-mail.");
    expect(page).toContain('href="/notifications#notifications"');
    const done = await SELF.fetch(`http://localhost/unsubscribe?token=${token}`, {
      method: "POST",
      headers: { Origin: "http://localhost", "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ token }),
    });
    const answer = mainOf(await done.text());
    expect(answer).toMatch(/data-testid="unsubscribed">Je bent afgemeld. Je krijgt geen acties en aanbiedingen meer/);
    expect(answer).toContain('href="/notifications#notifications"');
    expect(await emailChoices(id)).toEqual({ promotions: false, news: true, reason: null });
  });

  it("refuses a link whose kind was changed", async () => {
    const { id, token } = await promotionMailTo();
    const forged = token.replace(/\.promotions\./, ".news.");
    expect(forged).not.toBe(token);
    const response = await SELF.fetch(`http://localhost/api/mail/unsubscribe?token=${forged}`, { method: "POST" });
    expect(response.status).toBe(400);
    expect(await emailChoices(id)).toEqual({ promotions: true, news: true, reason: null });
  });

  it("keeps links without a kind working as before: every notification mail stops", async () => {
    const { id, admin } = await promotionMailTo();
    const { oneClick } = await unsubscribeLinks(admin.app, "http://localhost", id);
    expect((await SELF.fetch(oneClick, { method: "POST" })).status).toBe(200);
    expect(await emailChoices(id)).toMatchObject({ reason: "list_unsubscribe" });
  });
});
