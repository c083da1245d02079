import { useRouteLoaderData } from "react-router";
import type { SiteChrome } from "#app/server/site/chrome.ts";

/** The root loader's frame data; null only when the root loader itself failed. */
export function useSiteChrome(): SiteChrome | null {
  return (useRouteLoaderData("root") as SiteChrome | undefined) ?? null;
}
