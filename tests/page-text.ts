// Reading a page's HTML as a visitor would, for the checks that no translation
// is missing: shared by the workerd tests and the browser tests.

/** Text nodes of a page, without its scripts (the embedded translations) and styles. */
export function visibleText(html: string): string[] {
  return html
    .replace(/<script[\s\S]*?<\/script>/g, "")
    .replace(/<style[\s\S]*?<\/style>/g, "")
    .split(/<[^>]+>/)
    .map((text) => text.trim())
    .filter(Boolean);
}

/** What a missing translation looks like on a page: its key ("footer.terms", "content:lander.cta"). */
export const RAW_KEY = /^([a-z][a-zA-Z-]*:)?[a-z][a-zA-Z0-9]*(\.[a-zA-Z0-9]+)+$/;
