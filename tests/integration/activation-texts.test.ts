// What the activation texts tell a member: a free member learns how many
// conversations they can start (the page after activating, the reminder to
// confirm the address and the activation mail); a failed activation always
// names an address to write to: the domain's support address, else its
// company's, and never "via ." without one.
import { SELF } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { resendActivation } from "#app/server/accounts/activation.ts";
import { findSessionMember } from "#app/server/accounts/session.ts";
import { FREE_CONVERSATIONS } from "#app/server/chat/costs.ts";
import { users } from "#app/server/db/schema.ts";
import { builtInSettings } from "#app/server/settings/defaults.ts";
import {
  accountsApp,
  db,
  givenAccount,
  givenCompany,
  givenDomainSettings,
  mailsTo,
  NOW,
  sessionCookieFor,
} from "./fixtures.ts";

/** A page's text as the server renders it, without tags. */
async function pageText(path: string, cookie = "") {
  const response = await SELF.fetch(`http://localhost${path}`, { headers: { Cookie: cookie } });
  expect(response.status, path).toBe(200);
  const html = (await response.text()).replace(/<(script|style)\b[^>]*>[\s\S]*?<\/\1>/gi, "");
  return {
    html,
    text: html
      .replaceAll("<!-- -->", "")
      .replace(/<[^>]+>/g, " ")
      .replace(/\s+/g, " "),
  };
}

const freeNote = `As a free member you can start up to ${FREE_CONVERSATIONS} conversations.`;

describe("the activation texts", () => {
  // The reminder right after signup says it all; the one-line banner has no room.
  it("tell a member who has not confirmed yet how many conversations a free member starts", async () => {
    const id = await givenAccount({ status: "not_confirmed" });
    const { text } = await pageText("/profile?lng=en&welcome=1", await sessionCookieFor(id));
    expect(text).toContain("Confirm your e-mail address");
    expect(text).toContain(freeNote);
  });

  it("tell a free member on the page after activating, and not a premium member", async () => {
    const free = await givenAccount();
    expect((await pageText("/activate/done?lng=en", await sessionCookieFor(free))).text).toContain(freeNote);
    const premium = await givenAccount();
    await db.update(users).set({ paidUser: true }).where(eq(users.id, premium));
    expect((await pageText("/activate/done?lng=en", await sessionCookieFor(premium))).text).not.toContain(freeNote);
  });

  it("tell it in the activation mail, in the member's language", async () => {
    const id = await givenAccount({ status: "not_confirmed", email: "eva@example.com" });
    const { startSession } = await import("#app/server/accounts/session.ts");
    const { token, statement } = await startSession(db, { userId: id, now: NOW });
    await statement;
    const member = (await findSessionMember(db, token, NOW))!;
    await resendActivation(accountsApp({ locale: "en" }), member);
    const [mail] = await mailsTo("eva@example.com");
    expect(mail!.text).toContain(freeNote);
    expect(mail!.html.replaceAll("<!-- -->", "")).toContain(freeNote);
  });
});

describe("a failed activation", () => {
  it("names the domain's support address", async () => {
    const { html, text } = await pageText("/activate/error?lng=en");
    expect(text).toContain(`customer service at ${builtInSettings.support_email}.`);
    expect(html).toContain(`href="mailto:${builtInSettings.support_email}"`);
  });

  it("names the company's support address when the domain has none", async () => {
    await givenCompany({ supportEmail: "help@company.example" });
    await givenDomainSettings("localhost", { ...builtInSettings, support_email: "" });
    const { html, text } = await pageText("/activate/error?lng=en");
    expect(text).toContain("customer service at help@company.example.");
    expect(html).toContain('href="mailto:help@company.example"');
  });

  it("asks to contact customer service without a dangling 'at' when nobody has an address", async () => {
    await givenDomainSettings("localhost", { ...builtInSettings, support_email: "" });
    const { text } = await pageText("/activate/error?lng=nl");
    expect(text).not.toMatch(/via\s*\./);
    expect(text).toContain("Activeren mislukt");
    expect(text).toContain("neem contact op met onze klantenservice");
  });
});
