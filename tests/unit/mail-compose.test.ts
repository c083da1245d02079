import { describe, expect, it } from "vitest";
import { locales } from "#app/i18n/locales.ts";
import { type ComposeMailInput, composeMail } from "#app/server/mail/compose.ts";
import { type MailParams, type MailTemplate, mailTemplates } from "#app/server/mail/templates.ts";

const site = { name: "Hartslag", supportEmail: "support@hartslag.example", baseUrl: "https://hartslag.example" };
const link = "https://hartslag.example/activate/do?token=abc_DEF-123";
const params: MailParams = {
  activation: { name: "Anna", link, conversations: 2 },
  password_reset: { name: "Anna", link, hours: 2 },
  mail_change: { name: "Anna", link, email: "anna.new@example.org" },
  account_deleted: { name: "Anna", link, days: 14, deadline: Date.UTC(2026, 11, 7) },
  reactivation: { name: "Anna", link, days: 14 },
  new_conversation: { name: "Anna", link, sender: "Bram" },
  new_message: { name: "Anna", link, sender: "Bram" },
  like: { name: "Anna", link, sender: "Bram" },
  match: { name: "Anna", link, sender: "Bram" },
  unread_message_reminder: { name: "Anna", link, count: 3 },
  weekly_updates: { name: "Anna", link, members: 1250, likes: 4 },
  reminders: { name: "Anna", link, members: 80 },
  promotions: { name: "Anna", link, headline: "Spring offer", text: "Double credits this weekend." },
  news: { name: "Anna", link, headline: "New: voice notes", text: "Send a voice message in any chat." },
  complaint_received: { link, reference: "7KQ4-M2XD" },
  complaint_reply: { name: "Anna", link, topic: "Invoice of March", reply: "Thank you.\nWe refunded it." },
  payment_refunded: { name: "Anna", link, amount: "€ 19,95", credits: 100 },
  payment_charged_back: { name: "Anna", link, amount: "€ 19,95", credits: 60 },
  decision_statement: { name: "Anna", link, statement: "One of your photos was rejected.\nFacts: not you." },
  appeal_outcome: { name: "Anna", link, statement: "One of your photos was rejected.", outcome: "Reversed.\nSorry." },
  notice_received: { link, reference: "7KQ4-M2XD", statement: "Reported: the photo of Anna, 27\nCategory: Fraud" },
  notice_decided: { link, reference: "7KQ4-M2XD", statement: "We removed the photo.\nFacts: a stolen photo." },
  notice_content_gone: { link, reference: "7KQ4-M2XD", topic: "the photo of Anna, 27" },
};

const input = <T extends MailTemplate>(template: T, overrides: Partial<ComposeMailInput<T>> = {}) =>
  ({
    to: "anna@example.org",
    template,
    locale: "nl",
    params: params[template],
    site,
    ...overrides,
  }) as ComposeMailInput<T>;

describe("composing mails", () => {
  describe.each(locales)("in %s", (locale) => {
    it.each(mailTemplates)("composes %s with subject, HTML and text that carry the link", (template) => {
      const mail = composeMail(input(template, { locale }));
      expect(mail.subject.length).toBeGreaterThan(5);
      expect(mail.subject).not.toMatch(/mail:\w+\.|\{\{|\uE000/);
      expect(mail.html).toContain(`<html lang="${locale}"`);
      expect(mail.html).toContain(`href="${link}"`);
      expect(mail.text).toContain(link);
      expect(mail.text).toContain("name" in params[template] ? "Anna" : "7KQ4-M2XD");
      for (const body of [mail.html, mail.text]) expect(body).not.toMatch(/mail:\w+\.|\{\{|\uE000|\uE001|undefined/);
    });
  });

  it("writes the activation mail in Dutch by default", () => {
    const mail = composeMail(input("activation"));
    expect(mail.subject).toBe("Bevestig je e-mailadres voor Hartslag");
    expect(mail.text).toContain("Hoi Anna,");
  });

  it("words durations and dates in the mail's language", () => {
    expect(composeMail(input("password_reset")).text).toContain("2 uur geldig");
    expect(composeMail(input("password_reset", { locale: "en" })).text).toContain("valid for 2 hours");
    const deleted = composeMail(input("account_deleted", { locale: "de" }));
    expect(deleted.text).toContain("14 Tage Zeit");
    expect(deleted.text).toContain("7. Dezember 2026");
  });

  it("escapes every value in the HTML: member names are user input", () => {
    const name = `<script>alert(1)</script> & "x"`;
    const mail = composeMail(
      input("mail_change", { params: { name, link, email: `"><img src=x onerror=alert(1)>@example.org` } }),
    );
    expect(mail.html).not.toContain("<script>");
    expect(mail.html).not.toContain("<img");
    expect(mail.html).toContain("&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;x&quot;");
    expect(mail.text).toContain(name);
  });

  it("escapes the site's name and links too", () => {
    const mail = composeMail(
      input("activation", {
        site: { ...site, name: "<b>Flirt</b>" },
        params: { name: "Anna", link: `https://x.example/a?b=1&c="2"`, conversations: 2 },
      }),
    );
    expect(mail.html).not.toContain("<b>Flirt</b>");
    expect(mail.html).toContain("&lt;b&gt;Flirt&lt;/b&gt;");
    expect(mail.html).toContain('href="https://x.example/a?b=1&amp;c=%222%22"');
  });

  it("marks up values inside a text: the support address as a mail link, an operator's reply with its lines", () => {
    const mail = composeMail(input("complaint_reply", { locale: "en" }));
    expect(mail.html).toMatch(/<a href="mailto:support@hartslag\.example"[^>]*>support@hartslag\.example<\/a>/);
    expect(mail.html).toMatch(/<span style="[^"]*white-space:pre-line[^"]*">Thank you\.\nWe refunded it\.<\/span>/);
    expect(mail.html).toMatch(/<strong style="[^"]*">Invoice of March<\/strong>/);
  });

  it.each([
    "javascript:alert(1)",
    "JavaScript:alert(1)//https://",
    "data:text/html,hi",
    "//evil.example/x",
    "/activate/do?token=x",
    "",
  ])("refuses the link %j", (bad) => {
    expect(() => composeMail(input("activation", { params: { name: "Anna", link: bad, conversations: 2 } }))).toThrow(
      /http/,
    );
  });

  it("refuses a site URL that is not http(s)", () => {
    expect(() => composeMail(input("activation", { site: { ...site, baseUrl: "javascript:void(0)" } }))).toThrow();
  });

  it("refuses a recipient that is not a single address", () => {
    expect(() => composeMail(input("activation", { to: "a@example.org\r\nBcc: b@example.org" }))).toThrow();
  });

  it("keeps a name on one line in the text version", () => {
    const mail = composeMail(
      input("activation", { params: { name: "Anna\n\nClick https://evil.example", link, conversations: 2 } }),
    );
    expect(mail.text).toContain("Hoi Anna Click https://evil.example,");
  });

  it("greets without a name when there is none", () => {
    expect(composeMail(input("activation", { params: { name: "  ", link, conversations: 2 } })).text).toContain(
      "Hoi,\n",
    );
  });

  it("leaves out the support line when the domain has no support address", () => {
    const mail = composeMail(input("activation", { site: { ...site, supportEmail: "" } }));
    expect(mail.text).not.toContain("Vragen?");
    expect(mail.html).not.toContain("mailto:");
  });

  it("names the sender and the opt-out for the delivering transport", () => {
    const mail = composeMail(
      input("activation", { site: { ...site, baseUrl: "https://www.hartslag.example/", mailName: "Team Hartslag" } }),
    );
    expect(mail.sender).toEqual({
      name: "Team Hartslag",
      domain: "hartslag.example",
      listUnsubscribe:
        "<mailto:support@hartslag.example?subject=unsubscribe>, <https://www.hartslag.example/notifications>",
    });
  });
});
