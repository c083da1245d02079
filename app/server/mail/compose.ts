// Turns a template, its parameters and the domain's identity into a finished
// mail (subject, HTML, plain text) in the member's language. Texts come from
// the `mail` namespace. Member names are user input, so every value is
// escaped in the HTML, and links must be http(s).
import { formatDate, formatNumber } from "#app/i18n/format.ts";
import { translator } from "#app/i18n/i18next.server.ts";
import type { Locale } from "#app/i18n/locales.ts";
import { DEFAULT_THEME } from "#app/theme.ts";
import type { MailParams, MailSiteParams, MailTemplate } from "./templates.ts";

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

const brand = {
  ...DEFAULT_THEME,
  card: "#ffffff",
  ink: "#221a17",
  muted: "#6b5d56",
  line: "#e8ddd6",
};
const font = "-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Helvetica,Arial,sans-serif";

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
  for (const key of ["sender", "headline", "text", "amount"]) {
    if (typeof params[key] === "string") values[key] = singleLine(params[key]);
  }
  // An operator's reply keeps its lines (no other control characters).
  if (typeof params.reply === "string") values.reply = multiLine(params.reply);
  for (const key of ["count", "members", "likes", "credits"]) {
    if (typeof params[key] === "number") values[key] = formatNumber(params[key], locale);
  }
  if (typeof params.hours === "number") values.hours = duration(params.hours, "hour", locale);
  if (typeof params.days === "number") values.days = duration(params.days, "day", locale);
  if (params.deadline !== undefined) {
    values.deadline =
      typeof params.deadline === "number" ? formatDate(params.deadline, locale) : String(params.deadline);
  }

  const t = translator(locale);
  const say = (key: string) => interpolate(t(`mail:${key}`, placeholderTokens(values)), values);
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
  return {
    to,
    template,
    locale,
    subject,
    html: renderHtml({ ...parts, subject, locale, link, site, base }),
    text: renderText({ ...parts, subject, link, site, base }),
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

export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#39;");
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
// translated text can be escaped as a whole while some values (the support
// address, dates) get their own markup in the HTML.
const MARKER = /\uE000(\w+)\uE001/g;

function placeholderTokens(values: Record<string, string>) {
  return Object.fromEntries(Object.keys(values).map((key) => [key, `\uE000${key}\uE001`]));
}

interface Said {
  text: string;
  html: string;
}

function interpolate(translated: string, values: Record<string, string>): Said {
  return {
    text: translated.replace(MARKER, (_, key: string) => values[key] ?? ""),
    html: escapeHtml(translated).replace(MARKER, (_, key: string) => valueHtml(key, values[key] ?? "")),
  };
}

function valueHtml(key: string, value: string): string {
  const escaped = escapeHtml(value);
  switch (key) {
    case "supportEmail":
      return `<a href="mailto:${escaped}" style="color:${brand.secondary};text-decoration:underline;">${escaped}</a>`;
    case "baseUrl":
    case "link":
      return `<a href="${escaped}" style="color:${brand.secondary};text-decoration:underline;">${escaped}</a>`;
    case "reply":
      return `<span style="display:block;margin:8px 0;padding:12px 14px;border-left:3px solid ${brand.line};white-space:pre-line;">${escaped}</span>`;
    case "email":
    case "amount":
    case "topic":
    case "hours":
    case "days":
    case "deadline":
      return `<strong style="color:${brand.ink};">${escaped}</strong>`;
    default:
      return escaped;
  }
}

interface Parts {
  subject: string;
  preheader: Said;
  title: Said;
  greeting: Said;
  body: Said;
  button: Said;
  linkHint: Said;
  note: Said;
  signoff: Said;
  team: Said;
  reason: Said;
  questions: Said | null;
  unsubscribe: (Said & { url: string; oneClick: string }) | null;
  link: string;
  site: MailSite;
  base: URL;
}

function renderHtml(p: Parts & { locale: Locale }): string {
  const link = escapeHtml(p.link);
  const home = escapeHtml(p.base.origin);
  const text = `margin:0 0 16px;font-size:16px;line-height:1.6;color:${brand.ink};`;
  const paragraph = (html: string, style = text) => `<p style="${style}">${html}</p>`;
  const small = (html: string) => `<p style="margin:0 0 8px;">${html}</p>`;
  return `<!doctype html>
<html lang="${p.locale}" dir="ltr">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="x-apple-disable-message-reformatting">
<meta name="color-scheme" content="light">
<meta name="supported-color-schemes" content="light">
<title>${escapeHtml(p.subject)}</title>
<style>
  body { margin: 0; padding: 0; width: 100% !important; -webkit-text-size-adjust: 100%; }
  @media (max-width: 600px) {
    .outer { padding: 16px 8px !important; }
    .card { padding: 28px 20px 24px !important; }
    .title { font-size: 22px !important; }
    .button a { display: block !important; }
  }
</style>
</head>
<body style="margin:0;padding:0;background-color:${brand.surface};">
<div style="display:none;max-height:0;max-width:0;overflow:hidden;opacity:0;mso-hide:all;">${escapeHtml(p.preheader.text)}${"&#8199;&#847;".repeat(40)}</div>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="background-color:${brand.surface};">
<tr><td class="outer" align="center" style="padding:32px 16px;font-family:${font};">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="max-width:560px;">
<tr><td align="center" style="padding:0 0 20px;font-family:${font};font-size:24px;font-weight:800;letter-spacing:-0.5px;">
<a href="${home}" style="color:${brand.secondary};text-decoration:none;"><span style="color:${brand.primary};">&#9829;</span> ${escapeHtml(p.site.name)}</a>
</td></tr>
<tr><td class="card" style="background-color:${brand.card};border:1px solid ${brand.line};border-top:4px solid ${brand.primary};border-radius:16px;padding:36px 40px 28px;font-family:${font};">
<h1 class="title" style="margin:0 0 20px;font-size:24px;line-height:1.3;font-weight:800;color:${brand.ink};">${p.title.html}</h1>
${paragraph(p.greeting.html)}
${paragraph(p.body.html)}
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0"><tr><td align="center" style="padding:12px 0 28px;">
<table role="presentation" class="button" cellpadding="0" cellspacing="0" border="0"><tr><td align="center" bgcolor="${brand.primary}" style="border-radius:999px;background-color:${brand.primary};">
<a href="${link}" target="_blank" style="display:inline-block;padding:14px 32px;font-family:${font};font-size:16px;font-weight:700;line-height:20px;color:#ffffff;text-decoration:none;border-radius:999px;">${p.button.html}</a>
</td></tr></table>
</td></tr></table>
${paragraph(`${p.linkHint.html}<br><a href="${link}" style="color:${brand.secondary};word-break:break-all;">${link}</a>`, `margin:0 0 20px;font-size:13px;line-height:1.5;color:${brand.muted};padding:12px 14px;background-color:${brand.surface};border-radius:8px;`)}
${paragraph(p.note.html, `margin:0 0 16px;font-size:15px;line-height:1.6;color:${brand.muted};`)}
${paragraph(`${p.signoff.html}<br><strong style="color:${brand.secondary};">${p.team.html}</strong>`, `margin:24px 0 0;font-size:16px;line-height:1.6;color:${brand.ink};`)}
</td></tr>
<tr><td align="center" style="padding:24px 16px 0;font-family:${font};font-size:12px;line-height:1.6;color:${brand.muted};">
${small(p.reason.html)}
${p.questions ? small(p.questions.html) : ""}
${p.unsubscribe ? small(`<a href="${escapeHtml(p.unsubscribe.url)}" style="color:${brand.muted};text-decoration:underline;">${p.unsubscribe.html}</a>`) : ""}
${small(`<a href="${home}" style="color:${brand.muted};">${escapeHtml(p.base.host)}</a>`)}
</td></tr>
</table>
</td></tr>
</table>
</body>
</html>
`;
}

function renderText(p: Parts): string {
  return [
    p.site.name,
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
