// member_resell: a domain that allows it lets its members receive promotions of
// the company's other domains. A promotion for one domain can then include
// them; news stays on its own domain, and so does every unsubscribe link.
import { SELF } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { audienceSize, broadcastOf, sendBroadcast } from "#app/server/broadcasts/broadcasts.ts";
import { type BroadcastForm, broadcastSchema } from "#app/server/broadcasts/schema.ts";
import { users } from "#app/server/db/schema.ts";
import { builtInSettings } from "#app/server/settings/defaults.ts";
import { db, givenDomainSettings, givenMember, givenOffersChoice, mailsTo } from "./fixtures.ts";
import { givenOperator } from "./operator-fixtures.ts";

const broadcast = (fields: Record<string, string> = {}) =>
  broadcastOf(
    broadcastSchema.parse({
      intent: "send",
      kind: "promotions",
      domain: "localhost",
      key: "resell-spring-2026",
      subject_nl: "Voorjaarsactie",
      body_nl: "Deze week 20% extra credits.",
      ...fields,
    }) as BroadcastForm,
  );

async function memberOf(domain: string) {
  const id = await givenMember();
  await givenOffersChoice(id);
  await db.update(users).set({ domain }).where(eq(users.id, id));
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row!;
}

async function givenCompanyDomains() {
  const site = (domain: string, name: string, company_id: number, member_resell: boolean) =>
    givenDomainSettings(domain, { ...builtInSettings, domain, name, mail_name: name, company_id, member_resell });
  // localhost is the built-in domain of company 1, with member_resell off.
  await site("zuster.example", "Zusterliefde", builtInSettings.company_id, true);
  await site("eigen.example", "Eigenwijs", builtInSettings.company_id, false);
  await site("ander.example", "Anderbedrijf", builtInSettings.company_id + 1, true);
  return {
    home: await memberOf("localhost"),
    sister: await memberOf("zuster.example"),
    ownOnly: await memberOf("eigen.example"),
    otherCompany: await memberOf("ander.example"),
  };
}

describe("a promotion for the company's other domains", () => {
  it("counts the members of sister domains that allow it only when asked to, and never for news", async () => {
    const admin = await givenOperator("admin");
    await givenCompanyDomains();
    const own = await audienceSize(admin.app, broadcast());
    expect(await audienceSize(admin.app, broadcast({ otherDomains: "on" }))).toBe(own + 1);
    const news = await audienceSize(admin.app, broadcast({ kind: "news" }));
    expect(await audienceSize(admin.app, broadcast({ kind: "news", otherDomains: "on" }))).toBe(news);
  });

  it("reaches a sister domain's member under their own site's name, with their own unsubscribe link", async () => {
    const admin = await givenOperator("admin");
    const { home, sister, ownOnly, otherCompany } = await givenCompanyDomains();
    const optedOut = await memberOf("zuster.example");
    await givenOffersChoice(optedOut.id, { email: false, push: true }, ["promotions"]);

    await sendBroadcast(admin.app, broadcast({ otherDomains: "on" }));

    expect(await mailsTo(home.email)).toHaveLength(1);
    const [mail] = await mailsTo(sister.email);
    expect(mail!.text).toContain("Deze week 20% extra credits.");
    expect(mail!.text).toContain("Zusterliefde");
    expect(mail!.text).toContain("https://zuster.example/unsubscribe?token=");
    expect(mail!.text).toContain("http://localhost/");
    for (const left of [ownOnly, otherCompany, optedOut]) expect(await mailsTo(left.email)).toEqual([]);
  });
});

describe("the domain editor's help", () => {
  it("explains member_resell", async () => {
    const admin = await givenOperator("admin");
    const response = await SELF.fetch("http://localhost/admin/domains/localhost", {
      headers: { Cookie: admin.cookie },
    });
    const html = (await response.text()).replaceAll("<!-- -->", "");
    const help = /<ul[^>]*data-testid="settings-help"[\s\S]*?<\/ul>/.exec(html)?.[0] ?? "";
    expect(help).toContain("member_resell: of de leden van deze site ook aanbiedingen");
  });
});
