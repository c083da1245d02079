// Where a form may send the browser next. A path is checked the way the browser
// will read it, by the URL parser (which drops tabs and newlines and reads "\"
// as "/"), not by looking at its first characters: "/<TAB>/evil.example" is
// "//evil.example" to a browser, another site. What comes back is the parser's
// own path, so it carries no control character into a Location header.
const PROBE_ORIGIN = "https://this-site.invalid";

/** A same-site path to go to after a form: a relative path on this origin, else `fallback`. */
export function safeRedirectPath(to: string | null | undefined, fallback: string): string {
  if (!to?.startsWith("/")) return fallback;
  let url: URL;
  try {
    url = new URL(to, PROBE_ORIGIN);
  } catch {
    return fallback;
  }
  if (url.origin !== PROBE_ORIGIN) return fallback;
  return `${url.pathname}${url.search}${url.hash}`;
}
