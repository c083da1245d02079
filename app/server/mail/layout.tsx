// The HTML of every mail: one table layout that mail clients render alike
// (inline styles, presentation tables, a hidden preheader). React writes it,
// so every text and value (member names are user input) is escaped by React.
import type { CSSProperties, ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import type { Locale } from "#app/i18n/locales.ts";
import { DEFAULT_THEME } from "#app/theme.ts";

/** A translated text: as plain text, and in pieces for the HTML, each value apart so it gets its own markup. */
export interface Said {
  text: string;
  pieces: (string | { key: string; value: string })[];
}

export interface MailHtml {
  locale: Locale;
  subject: string;
  siteName: string;
  /** The domain's home page. */
  base: URL;
  link: string;
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
  unsubscribe: (Said & { url: string }) | null;
}

const brand = {
  ...DEFAULT_THEME,
  card: "#ffffff",
  ink: "#221a17",
  muted: "#6b5d56",
  line: "#e8ddd6",
};
const fontFamily = "-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Helvetica,Arial,sans-serif";

// Mail clients ignore <style> more often than inline styles; these only tune small screens.
const css = `
  body { margin: 0; padding: 0; width: 100% !important; -webkit-text-size-adjust: 100%; }
  @media (max-width: 600px) {
    .outer { padding: 16px 8px !important; }
    .card { padding: 28px 20px 24px !important; }
    .title { font-size: 22px !important; }
    .button a { display: block !important; }
  }
`;

// Keeps clients from filling the inbox preview with the first lines of the mail.
const previewFiller = "\u2007\u034f".repeat(40);

export function renderMailHtml(mail: MailHtml): string {
  return `<!doctype html>\n${renderToStaticMarkup(<MailDocument {...mail} />)}\n`;
}

function Text({ said }: { said: Said }) {
  return said.pieces.map((piece, i) =>
    // biome-ignore lint/suspicious/noArrayIndexKey: the pieces never move
    typeof piece === "string" ? piece : <Value key={i} name={piece.key} value={piece.value} />,
  );
}

function Value({ name, value }: { name: string; value: string }): ReactNode {
  switch (name) {
    case "supportEmail":
      return (
        <a href={`mailto:${value}`} style={{ color: brand.secondary, textDecoration: "underline" }}>
          {value}
        </a>
      );
    case "baseUrl":
    case "link":
      return (
        <a href={value} style={{ color: brand.secondary, textDecoration: "underline" }}>
          {value}
        </a>
      );
    case "reply":
    case "statement":
    case "outcome":
      return (
        <span
          style={{
            display: "block",
            margin: "8px 0",
            padding: "12px 14px",
            borderLeft: `3px solid ${brand.line}`,
            whiteSpace: "pre-line",
          }}
        >
          {value}
        </span>
      );
    case "email":
    case "amount":
    case "reference":
    case "topic":
    case "hours":
    case "days":
    case "deadline":
      return <strong style={{ color: brand.ink }}>{value}</strong>;
    default:
      return value;
  }
}

const table = { role: "presentation", cellPadding: 0, cellSpacing: 0, border: 0 } as const;
const text: CSSProperties = { margin: "0 0 16px", fontSize: 16, lineHeight: 1.6, color: brand.ink };
const small: CSSProperties = { margin: "0 0 8px" };

function MailDocument(p: MailHtml) {
  const home = p.base.origin;
  return (
    <html lang={p.locale} dir="ltr">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="x-apple-disable-message-reformatting" />
        <meta name="color-scheme" content="light" />
        <meta name="supported-color-schemes" content="light" />
        <title>{p.subject}</title>
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: our own constant CSS, no input in it */}
        <style dangerouslySetInnerHTML={{ __html: css }} />
      </head>
      <body style={{ margin: 0, padding: 0, backgroundColor: brand.surface }}>
        <div
          style={{
            display: "none",
            maxHeight: 0,
            maxWidth: 0,
            overflow: "hidden",
            opacity: 0,
            ...({ msoHide: "all" } as CSSProperties),
          }}
        >
          {p.preheader.text}
          {previewFiller}
        </div>
        <table {...table} width="100%" style={{ backgroundColor: brand.surface }}>
          <tbody>
            <tr>
              <td className="outer" align="center" style={{ padding: "32px 16px", fontFamily }}>
                <table {...table} width="100%" style={{ maxWidth: 560 }}>
                  <tbody>
                    <tr>
                      <td
                        align="center"
                        style={{
                          padding: "0 0 20px",
                          fontFamily,
                          fontSize: 24,
                          fontWeight: 800,
                          letterSpacing: "-0.5px",
                        }}
                      >
                        <a href={home} style={{ color: brand.secondary, textDecoration: "none" }}>
                          <span style={{ color: brand.primary }}>♥</span> {p.siteName}
                        </a>
                      </td>
                    </tr>
                    <tr>
                      <Card {...p} />
                    </tr>
                    <tr>
                      <Footer {...p} />
                    </tr>
                  </tbody>
                </table>
              </td>
            </tr>
          </tbody>
        </table>
      </body>
    </html>
  );
}

function Card(p: MailHtml) {
  return (
    <td
      className="card"
      style={{
        backgroundColor: brand.card,
        border: `1px solid ${brand.line}`,
        borderTop: `4px solid ${brand.primary}`,
        borderRadius: 16,
        padding: "36px 40px 28px",
        fontFamily,
      }}
    >
      <h1
        className="title"
        style={{ margin: "0 0 20px", fontSize: 24, lineHeight: 1.3, fontWeight: 800, color: brand.ink }}
      >
        <Text said={p.title} />
      </h1>
      <p style={text}>
        <Text said={p.greeting} />
      </p>
      <p style={text}>
        <Text said={p.body} />
      </p>
      <table {...table} width="100%">
        <tbody>
          <tr>
            <td align="center" style={{ padding: "12px 0 28px" }}>
              <table {...table} className="button">
                <tbody>
                  <tr>
                    {/* bgcolor: Outlook paints the button only from the attribute */}
                    <td
                      align="center"
                      {...{ bgcolor: brand.primary }}
                      style={{ borderRadius: 999, backgroundColor: brand.primary }}
                    >
                      <a
                        href={p.link}
                        target="_blank"
                        rel="noopener"
                        style={{
                          display: "inline-block",
                          padding: "14px 32px",
                          fontFamily,
                          fontSize: 16,
                          fontWeight: 700,
                          lineHeight: "20px",
                          color: "#ffffff",
                          textDecoration: "none",
                          borderRadius: 999,
                        }}
                      >
                        <Text said={p.button} />
                      </a>
                    </td>
                  </tr>
                </tbody>
              </table>
            </td>
          </tr>
        </tbody>
      </table>
      <p
        style={{
          margin: "0 0 20px",
          fontSize: 13,
          lineHeight: 1.5,
          color: brand.muted,
          padding: "12px 14px",
          backgroundColor: brand.surface,
          borderRadius: 8,
        }}
      >
        <Text said={p.linkHint} />
        <br />
        <a href={p.link} style={{ color: brand.secondary, wordBreak: "break-all" }}>
          {p.link}
        </a>
      </p>
      <p style={{ margin: "0 0 16px", fontSize: 15, lineHeight: 1.6, color: brand.muted }}>
        <Text said={p.note} />
      </p>
      <p style={{ margin: "24px 0 0", fontSize: 16, lineHeight: 1.6, color: brand.ink }}>
        <Text said={p.signoff} />
        <br />
        <strong style={{ color: brand.secondary }}>
          <Text said={p.team} />
        </strong>
      </p>
    </td>
  );
}

function Footer(p: MailHtml) {
  return (
    <td
      align="center"
      style={{ padding: "24px 16px 0", fontFamily, fontSize: 12, lineHeight: 1.6, color: brand.muted }}
    >
      <p style={small}>
        <Text said={p.reason} />
      </p>
      {p.questions && (
        <p style={small}>
          <Text said={p.questions} />
        </p>
      )}
      {p.unsubscribe && (
        <p style={small}>
          <a href={p.unsubscribe.url} style={{ color: brand.muted, textDecoration: "underline" }}>
            <Text said={p.unsubscribe} />
          </a>
        </p>
      )}
      <p style={small}>
        <a href={p.base.origin} style={{ color: brand.muted }}>
          {p.base.host}
        </a>
      </p>
    </td>
  );
}
