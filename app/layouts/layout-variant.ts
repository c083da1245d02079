// Which variant of the default layout a page gets: the installed app's (no
// browser around it, so the back button matters), the home page's (its
// navigation bar runs into the page's header), a member's or a visitor's.
// The installed app is known only in the browser, so the server renders the
// others and the page switches once it is hydrated.
import { useMatches } from "react-router";
import { useStandalone } from "#app/components/runtime/standalone.ts";
import type { SiteChrome } from "#app/server/site/chrome.ts";

export type LayoutVariant = "installed-app" | "index" | "logged-in" | "logged-out";

export function useLayoutVariant(chrome: Pick<SiteChrome, "member"> | null): LayoutVariant {
  const standalone = useStandalone();
  const home = useMatches().some((match) => match.id === "routes/index");
  if (standalone) return "installed-app";
  if (home) return "index";
  return chrome?.member ? "logged-in" : "logged-out";
}
