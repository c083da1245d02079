// A call for a page's data that gets no answer (the phone lost its network,
// the server cannot be reached) never replaces the page with the error page;
// the root runs this as its client middleware, so it holds for every page,
// its revalidations, its fetchers and its forms. A server that answers with
// an error still shows the error page: only calls without an answer are
// caught here.
// - Reloading the data of the page on screen (a revalidation: the chat's
//   reload every minute, the live signal, a push): the page keeps the data it
//   shows, and reloads once the connection is back (offline-bar.tsx).
// - Opening another page (a link, fetcher.load): it waits for the
//   connection, the page on screen stays meanwhile, then it opens.
// - Sending a form (an action): it is not sent again by itself, since it may
//   have arrived before the answer was lost; the page stays, and the member
//   is told that their last action may not have arrived (as for /api calls).
import { type DataStrategyResult, type MiddlewareFunction, redirect, type UIMatch } from "react-router";
import { announceConnectionFailure } from "./api.ts";
import { connectionBack, connectionLost, isNetworkFailure, isOffline } from "./connection.ts";

type Results = Record<string, DataStrategyResult>;

/** What the page on screen shows, by route id, and its address: what a failed revalidation keeps. */
let shown: { href: string; data: Map<string, unknown> } = { href: "", data: new Map() };

/** The root's component tells this module what is on screen after each render. */
export function rememberShownPage(href: string, matches: UIMatch[]) {
  shown = { href, data: new Map(matches.map((m) => [m.id, m.loaderData])) };
}

const hrefOf = (url: URL) => url.pathname + url.search;

export const keepPageWhenOffline: MiddlewareFunction<Results> = async ({ request }, next) => {
  const url = new URL(request.url);
  const reading = request.method.toUpperCase() === "GET";
  const samePage = reading && hrefOf(url) === shown.href;
  // Another page while offline: wait here, the page on screen stays, rather than fail.
  if (reading && !samePage && isOffline()) await connectionBack(request.signal);
  const results = await next();
  const failed = Object.entries(results).filter(([, r]) => r.type === "error" && isNetworkFailure(r.result));
  if (failed.length === 0) return;
  connectionLost();
  if (!reading) {
    announceConnectionFailure();
    return { ...results, ...Object.fromEntries(failed.map(([id]) => [id, { type: "data", result: undefined }])) };
  }
  if (samePage && failed.every(([id]) => shown.data.has(id))) {
    return {
      ...results,
      ...Object.fromEntries(failed.map(([id]) => [id, { type: "data", result: shown.data.get(id) }])),
    };
  }
  await connectionBack(request.signal);
  throw redirect(hrefOf(url));
};
