// Turns a template, its parameters and the domain's identity into a finished
// mail (subject, HTML, plain text) in the member's language. Texts come from
// the `mail` namespace; the HTML is laid out in layout.tsx, which escapes
// every text and value. Links must be http(s).
import { formatDate, formatNumber } from "#app/i18n/format.ts";
import { translator } from "#app/i18n/i18next.server.ts";
import type { Locale } from "#app/i18n/locales.ts";
import { type MailHtml, renderMailHtml, type Said } from "./layout.tsx";
import { type MailParams, type MailSiteParams, type MailTemplate, senderContext } from "./templates.ts";

interface MailSite {
  /** The domain's site name (settings.name). */
  name: string;
  /** May be empty: the "Questions?" line is left out then. */
  supportEmail: string;
  /** Absolute http(s) URL of the domain, e.g. "https://hartslag.example". */
  baseUrl: string;
  /** Sender name (settings.mail_name); the site name when empty. */
  mailName?: string;
}

/** Who the mail comes from and how to opt out: what a delivering transport needs besides the mail itself. */
export interface MailSender {
  name: string;
  /** The domain whose `noreply@` address sends the mail when no MAIL_FROM is configured. */
  domain: string;
  /** Value of the List-Unsubscribe header (RFC 2369). */
  listUnsubscribe: string;
  /** Its first URL unsubscribes with one POST (RFC 8058: List-Unsubscribe-Post). */
  oneClick?: boolean;
}

export interface MailMessage {
  to: string;
  template: MailTemplate;
  locale: Locale;
  subject: string;
  html: string;
  text: string;
  sender: MailSender;
}

export type ComposeMailInput<T extends MailTemplate = MailTemplate> = {
  [K in T]: {
    to: string;
    template: K;
    locale: Locale;
    params: MailParams[K];
    site: MailSite;
    /** Notification mails: the unsubscribe page (footer link) and the RFC 8058 one-click POST URL (header). */
    unsubscribe?: { link: string; oneClick: string };
  };
}[T];

export function composeMail<T extends MailTemplate>(input: ComposeMailInput<T>): MailMessage {
  const { template, locale, site } = input;
  const to = checkedAddress(input.to);
  const params: Partial<Record<string, unknown>> = input.params;
  const link = checkedUrl(String(params.link ?? ""), "link");
  const base = new URL(checkedUrl(site.baseUrl, "baseUrl"));
  const siteParams: MailSiteParams = { siteName: site.name, supportEmail: site.supportEmail, baseUrl: base.origin };

  const values: Record<string, string> = { ...siteParams, link, name: singleLine(String(params.name ?? "")) };
  if (typeof params.email === "string") values.email = singleLine(params.email);
  if (typeof params.topic === "string") values.topic = singleLine(params.topic);
  for (const key of ["sender", "headline", "text", "amount", "reference"]) {
    if (typeof params[key] === "string") values[key] = singleLine(params[key]);
  }
  // An operator's reply, a statement of reasons, an appeal's outcome keep their lines (no other control characters).
  for (const key of ["reply", "statement", "outcome"]) {
    if (typeof params[key] === "string") values[key] = multiLine(params[key]);
  }
  for (const key of ["count", "members", "likes", "credits", "conversations"]) {
    if (typeof params[key] === "number") values[key] = formatNumber(params[key], locale);
  }
  if (typeof params.hours === "number") values.hours = duration(params.hours, "hour", locale);
  if (typeof params.days === "number") values.days = duration(params.days, "day", locale);
  if (params.deadline !== undefined) {
    values.deadline =
      typeof params.deadline === "number" ? formatDate(params.deadline, locale) : String(params.deadline);
  }

  const t = translator(locale);
  const context = senderContext(params);
  const say = (key: string) => interpolate(t(`mail:${key}`, { ...placeholderTokens(values), ...context }), values);
  const parts = {
    subject: say(`${template}.subject`),
    preheader: say(`${template}.preheader`),
    title: say(`${template}.title`),
    greeting: say(values.name ? "layout.greeting" : "layout.greetingNoName"),
    body: say(`${template}.body`),
    button: say(`${template}.button`),
    linkHint: say("layout.linkHint"),
    note: say(`${template}.note`),
    signoff: say("layout.signoff"),
    team: say("layout.team"),
    reason: say(`${template}.reason`),
    questions: site.supportEmail ? say("layout.questions") : null,
    unsubscribe: input.unsubscribe
      ? {
          ...say("layout.unsubscribe"),
          url: checkedUrl(input.unsubscribe.link, "unsubscribe"),
          oneClick: checkedUrl(input.unsubscribe.oneClick, "unsubscribe"),
        }
      : null,
  };

  const subject = parts.subject.text.replace(/\s+/g, " ").trim();
  const mail: MailHtml = { ...parts, subject, locale, link, siteName: site.name, base };
  return {
    to,
    template,
    locale,
    subject,
    html: renderMailHtml(mail),
    text: renderText(mail),
    sender: {
      name: (site.mailName || site.name).replace(/[\r\n]+/g, " ").trim(),
      domain: base.hostname.replace(/^www\./, ""),
      listUnsubscribe: [
        parts.unsubscribe && `<${parts.unsubscribe.oneClick}>`,
        site.supportEmail && `<mailto:${site.supportEmail}?subject=unsubscribe>`,
        !parts.unsubscribe && `<${base.origin}/notifications>`,
      ]
        .filter(Boolean)
        .join(", "),
      ...(parts.unsubscribe ? { oneClick: true } : {}),
    },
  };
}

/** An absolute http(s) URL, normalised; anything else (javascript:, relative, garbage) throws. */
function checkedUrl(value: string, what = "url"): string {
  let url: URL | null = null;
  try {
    if (/^https?:\/\//i.test(value)) url = new URL(value);
  } catch {
    // reported below, like any other unusable URL
  }
  if (!url || (url.protocol !== "https:" && url.protocol !== "http:")) {
    throw new Error(`mail ${what} must be an absolute http(s) URL`);
  }
  return url.href;
}

/** User input on one line: control characters would let a name fake lines of the plain-text mail. */
function singleLine(value: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: removing them is the point
  return value.replace(/[\u0000-\u001f\u007f]+/g, " ").trim();
}

/** Text of several lines: line breaks kept (as \n), other control characters removed. */
function multiLine(value: string): string {
  return (
    value
      .replace(/\r\n?/g, "\n")
      // biome-ignore lint/suspicious/noControlCharactersInRegex: removing them is the point
      .replace(/[\u0000-\u0009\u000b-\u001f\u007f]+/g, " ")
      .replace(/\n{3,}/g, "\n\n")
      .trim()
  );
}

function checkedAddress(value: string): string {
  const address = value.trim();
  if (!/^[^\s@<>",;]+@[^\s@<>",;]+\.[^\s@<>",;]+$/.test(address)) throw new Error("mail recipient is not an address");
  return address;
}

/** "2 uur", "14 days", "24 Stunden": Intl words the unit, so the texts need no plural forms. */
function duration(value: number, unit: "hour" | "day", locale: Locale): string {
  return formatNumber(value, locale, { style: "unit", unit, unitDisplay: "long" });
}

// Values reach i18next as markers and are put in afterwards, so that the
// layout can give some values (the support address, dates) their own markup.
const MARKER = /\uE000(\w+)\uE001/g;

function placeholderTokens(values: Record<string, string>) {
  return Object.fromEntries(Object.keys(values).map((key) => [key, `\uE000${key}\uE001`]));
}

function interpolate(translated: string, values: Record<string, string>): Said {
  // split() with a capturing group alternates text and value names.
  const pieces = translated
    .split(MARKER)
    .map((piece, i) => (i % 2 ? { key: piece, value: values[piece] ?? "" } : piece))
    .filter((piece) => piece !== "");
  return { text: translated.replace(MARKER, (_, key: string) => values[key] ?? ""), pieces };
}

function renderText(p: MailHtml): string {
  return [
    p.siteName,
    "",
    p.title.text,
    "",
    p.greeting.text,
    "",
    p.body.text,
    "",
    `${p.button.text}:`,
    p.link,
    "",
    p.note.text,
    "",
    p.signoff.text,
    p.team.text,
    "",
    "--",
    p.reason.text,
    ...(p.questions ? [p.questions.text] : []),
    ...(p.unsubscribe ? [`${p.unsubscribe.text}: ${p.unsubscribe.url}`] : []),
    p.base.origin,
    "",
  ].join("\n");
}
