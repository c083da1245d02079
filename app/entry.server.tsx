import { isbot } from "isbot";
import { renderToReadableStream } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { type EntryContext, type HandleErrorFunction, type RouterContextProvider, ServerRouter } from "react-router";
import { NonceProvider } from "#app/components/nonce.tsx";
import { requestContext } from "#app/context.ts";
import { getI18n, pageI18n } from "#app/i18n/i18next.server.ts";
import { pageIndexing } from "#app/routing/indexing.ts";
import { nicheSlug } from "#app/server/landers/niches.ts";
import { errorFields } from "#app/server/log.ts";
import { maySearch } from "#app/server/members/search-access.ts";
import { trafficSource } from "#app/server/site/traffic-source.ts";

export const streamTimeout = 5_000;

/**
 * A loader, action or middleware that throws (not a thrown Response) is a
 * server error: the error page hides it from the visitor, so it must leave a
 * line in the log with the request id. A request the client aborted is not.
 */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted) return;
  const log = context.get(requestContext)?.log;
  const fields = { ...errorFields(error), path: new URL(request.url).pathname };
  if (log) log.error("page failed", fields);
  else console.error(JSON.stringify({ level: "error", msg: "page failed", ...fields }));
};

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  const app = loadContext.get(requestContext);
  // The i18n middleware does not run for URLs no route matches.
  let i18n: ReturnType<typeof getI18n>;
  try {
    i18n = getI18n(loadContext);
  } catch {
    i18n = pageI18n(app.locale);
  }

  let shellRendered = false;
  const body = await renderToReadableStream(
    <NonceProvider value={app.nonce}>
      <I18nextProvider i18n={i18n}>
        <ServerRouter context={routerContext} url={request.url} nonce={app.nonce} />
      </I18nextProvider>
    </NonceProvider>,
    {
      nonce: app.nonce,
      signal: AbortSignal.timeout(streamTimeout + 1_000),
      onError(error: unknown) {
        responseStatusCode = 500;
        if (shellRendered) app.log.error("render failed", errorFields(error));
      },
    },
  );
  shellRendered = true;

  // Crawlers and no-JS clients get the whole document at once.
  if (isbot(request.headers.get("user-agent") ?? "") || routerContext.isSpaMode) await body.allReady;

  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  // The same word the page head says, for crawlers that read headers only.
  const { matches, errors } = routerContext.staticHandlerContext;
  const url = new URL(request.url);
  const { robots } = pageIndexing({
    routeId: matches.at(-1)?.route.id,
    pathname: url.pathname,
    search: url.search,
    failed: responseStatusCode !== 200 || errors != null,
    maySearch: maySearch(app, trafficSource(request)),
    landerSlug: nicheSlug(app.settings.niche),
  });
  if (robots) responseHeaders.set("X-Robots-Tag", robots);
  return new Response(body, { headers: responseHeaders, status: responseStatusCode });
}
