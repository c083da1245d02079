// A legal or help page: HTML our server rendered from our own
// Markdown files (app/server/content/legal.ts escapes every value put in), and
// the FAQ as an accordion of native <details> elements: keyboard and screen
// reader support without script. Nothing may be wider than a 320 px phone:
// a wide table scrolls inside its own box, long addresses and URLs wrap.
import { ChevronDown } from "lucide-react";
import type { LegalDocument } from "#app/server/content/legal.ts";

const prose = [
  "text-[0.95rem] leading-relaxed text-ink [overflow-wrap:anywhere]",
  "[&_h2]:mt-8 [&_h2]:mb-2 [&_h2]:text-xl [&_h2]:font-bold",
  "[&_h3]:mt-6 [&_h3]:mb-1 [&_h3]:font-semibold",
  "[&_p]:mt-3 [&_ul]:mt-3 [&_ul]:list-disc [&_ul]:space-y-1 [&_ul]:pl-6",
  "[&_ol]:mt-3 [&_ol]:list-decimal [&_ol]:space-y-1 [&_ol]:pl-6",
  "[&_a]:font-medium [&_a]:text-primary [&_a]:underline",
  "[&_table]:mt-4 [&_table]:block [&_table]:max-w-full [&_table]:overflow-x-auto [&_table]:text-sm [&_th]:border-b [&_th]:border-line [&_th]:p-2 [&_th]:text-left",
  "[&_td]:border-b [&_td]:border-line [&_td]:p-2 [&_td]:align-top",
].join(" ");

export function LegalArticle({ doc }: { doc: LegalDocument }) {
  return (
    <article className="mx-auto max-w-3xl px-4 py-10" aria-labelledby="legal-title">
      <div className="card p-4 sm:p-10">
        <h1 id="legal-title" className="text-2xl font-black tracking-tight [overflow-wrap:anywhere] sm:text-3xl">
          {doc.title}
        </h1>
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: our own Markdown, rendered and escaped on the server */}
        <div className={prose} dangerouslySetInnerHTML={{ __html: doc.html }} />
        {doc.questions.length > 0 && (
          <div className="mt-6 divide-y divide-line rounded-xl border border-line" data-testid="faq">
            {doc.questions.map((q) => (
              <details key={q.id} id={q.id} className="group">
                <summary className="flex min-h-12 cursor-pointer list-none items-center justify-between gap-4 px-4 py-3 font-semibold hover:text-primary [&::-webkit-details-marker]:hidden">
                  <span>{q.question}</span>
                  <ChevronDown
                    className="size-5 shrink-0 transition-transform group-open:rotate-180"
                    aria-hidden="true"
                  />
                </summary>
                <div
                  className={`${prose} px-4 pb-4 [&>p:first-child]:mt-0`}
                  // biome-ignore lint/security/noDangerouslySetInnerHtml: our own Markdown, rendered and escaped on the server
                  dangerouslySetInnerHTML={{ __html: q.answerHtml }}
                />
              </details>
            ))}
          </div>
        )}
      </div>
    </article>
  );
}
