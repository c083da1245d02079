// Whether this visitor may sign up here (the domain's `signups` rule and the
// traffic source, decided by the root loader): every signup button asks, so a
// domain with signups closed shows none.
import { useRouteLoaderData } from "react-router";
import type { SiteChrome } from "#app/server/site/chrome.ts";

export function useSignupsOpen(): boolean {
  return useRouteLoaderData<SiteChrome>("root")?.signupsOpen ?? false;
}
