// Legal and help pages (linked from the footer): Markdown per locale in
// app/content/legal/<lng>/<page>.md, bundled at build time, filled with the
// domain's company info and settings, rendered to HTML on the server. Values
// go into the Markdown as they are (so a URL in one is still linked) and
// marked escapes all text; raw HTML, in a file or a value, comes out as text,
// never as markup. {{placeholders}} a file uses must exist (a typo fails
// loudly); a line whose value is empty (a company without VAT number) is left out.
import { Marked, type Token, type Tokens } from "marked";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { defaultLocale, type Locale } from "#app/i18n/locales.ts";
import type { LegalPage } from "./legal-pages.ts";

export { isLegalPage, type LegalPage, legalPages } from "./legal-pages.ts";

const files = import.meta.glob<string>("../../content/legal/*/*.md", {
  query: "?raw",
  import: "default",
  eager: true,
});

/** Whether the page has its own file in `locale` (else the Dutch one is shown). */
export const hasLegalTranslation = (page: LegalPage, locale: Locale) =>
  `../../content/legal/${locale}/${page}.md` in files;

function legalSource(page: LegalPage, locale: Locale): string {
  const source =
    files[`../../content/legal/${locale}/${page}.md`] ?? files[`../../content/legal/${defaultLocale}/${page}.md`];
  if (source === undefined) throw new Error(`no legal page ${page}`);
  return source;
}

const PLACEHOLDER = /\{\{\s*(\w+)\s*\}\}/g;

/** The file with its placeholders filled; lines with an empty value dropped. */
function fillPlaceholders(source: string, values: Record<string, string>): string {
  return source
    .split("\n")
    .flatMap((line) => {
      let empty = false;
      const filled = line.replace(PLACEHOLDER, (_, key: string) => {
        const value = values[key];
        if (value === undefined) throw new Error(`unknown placeholder {{${key}}}`);
        if (value === "") empty = true;
        return value;
      });
      return empty ? [] : [filled];
    })
    .join("\n");
}

const slug = (text: string) =>
  text
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");

const markdown = new Marked({
  gfm: true,
  renderer: {
    // Our files hold no HTML; should some slip in (or come with a value), it is shown as text, not run.
    html({ raw, text }) {
      return this.parser.renderer.text({ type: "text", raw, text });
    },
    heading({ tokens, depth }) {
      const text = this.parser.parseInline(tokens);
      return `<h${depth} id="${slug(plainText(tokens))}">${text}</h${depth}>\n`;
    },
    link({ href, tokens }) {
      const text = this.parser.parseInline(tokens);
      if (!/^(https?:|mailto:|tel:|\/|#)/i.test(href)) return text;
      const rel = /^https?:/i.test(href) ? "noopener noreferrer" : undefined;
      // React writes the tag, escaping the address; the text is marked's HTML.
      return renderToStaticMarkup(createElement("a", { href, rel, dangerouslySetInnerHTML: { __html: text } }));
    },
  },
});

function plainText(tokens: Token[]): string {
  return tokens
    .map((token) => {
      if ("tokens" in token && token.tokens) return plainText(token.tokens);
      return "text" in token ? token.text : "";
    })
    .join("");
}

export interface LegalDocument {
  title: string;
  /** The first paragraph as plain text, for the meta description. */
  description: string;
  /** Everything but the title, as HTML. */
  html: string;
  /** FAQ: the text before the first question, then each `## question` with its answer. */
  questions: { id: string; question: string; answerHtml: string }[];
}

function render(tokens: Token[], links: Tokens.Link[] | object): string {
  return markdown.parser(Object.assign([...tokens], { links }) as Parameters<typeof markdown.parser>[0]);
}

/** A page in a locale, filled with `values` (see legalValues). */
export function legalDocument(page: LegalPage, locale: Locale, values: Record<string, string>): LegalDocument {
  const list = markdown.lexer(fillPlaceholders(legalSource(page, locale), values));
  const tokens = [...list].filter((t) => t.type !== "space");
  const titleAt = tokens.findIndex((t) => t.type === "heading" && t.depth === 1);
  const title = titleAt >= 0 ? plainText((tokens[titleAt] as Tokens.Heading).tokens) : page;
  const body = tokens.filter((_, i) => i !== titleAt);
  const first = body.find((t): t is Tokens.Paragraph => t.type === "paragraph");
  const description = first ? truncate(plainText(first.tokens), 160) : title;

  if (page !== "faq") return { title, description, html: render(body, list.links), questions: [] };
  const intro: Token[] = [];
  const questions: { id: string; question: string; body: Token[] }[] = [];
  for (const token of body) {
    if (token.type === "heading" && token.depth === 2) {
      const question = plainText((token as Tokens.Heading).tokens);
      questions.push({ id: slug(question), question, body: [] });
    } else (questions.at(-1)?.body ?? intro).push(token);
  }
  return {
    title,
    description,
    html: render(intro, list.links),
    questions: questions.map((q) => ({ id: q.id, question: q.question, answerHtml: render(q.body, list.links) })),
  };
}

function truncate(text: string, max: number): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length <= max ? flat : `${flat.slice(0, max - 1).replace(/\s+\S*$/, "")}…`;
}
