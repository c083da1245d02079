import { type ReactNode, useEffect } from "react";
import { useTranslation } from "react-i18next";
import { data, Links, Meta, Outlet, Scripts, ScrollRestoration, useLocation, useRouteLoaderData } from "react-router";
import { ErrorPage } from "#app/components/layout/error-page.tsx";
import { SeoLinks } from "#app/components/layout/seo-links.tsx";
import { RTA_LABEL, SiteMeta } from "#app/components/layout/site-meta.tsx";
import { ToastHost } from "#app/components/layout/toast-host.tsx";
import { useNonce } from "#app/components/nonce.tsx";
import { TimeBonusModal } from "#app/components/payments/time-bonus-modal.tsx";
import { AppRuntime } from "#app/components/runtime/app-runtime.tsx";
import { keepPageWhenOffline } from "#app/components/runtime/keep-page-offline.ts";
import { OfflineBar } from "#app/components/runtime/offline-bar.tsx";
import { BounceBeacon } from "#app/components/site/bounce-beacon.tsx";
import { requestContext } from "#app/context.ts";
import { embeddedI18nJson, I18N_SCRIPT_ID } from "#app/i18n/embedded.ts";
import { i18nextMiddleware, translator } from "#app/i18n/i18next.server.ts";
import { pageAccess } from "#app/middleware/access.server.ts";
import { visitorCookies } from "#app/middleware/visitor-cookies.server.ts";
import { readCookie } from "#app/server/http/cookies.ts";
import { withinRateLimit } from "#app/server/limits/rate-limits.ts";
import { loadSiteChrome } from "#app/server/site/chrome.ts";
import { parseSkippedAt, SITE_ENTRY_COOKIE } from "#app/server/site/site-entry.ts";
import { trafficSource } from "#app/server/site/traffic-source.ts";
import { DEFAULT_THEME } from "#app/theme.ts";
import type { Route } from "./+types/root";
import "./app.css";

// Floods of form posts stop here with a 429 in the visitor's language (the
// /api/* side does the same in workers/api/index.ts).
const rateLimitMiddleware: Route.MiddlewareFunction = async ({ request, context }, next) => {
  const app = context.get(requestContext);
  const path = new URL(request.url).pathname;
  const within = await withinRateLimit(app.env, {
    method: request.method,
    path,
    memberId: app.member?.id ?? null,
    clientIp: app.clientIp,
  });
  if (!within) {
    const message = translator(app.locale)("errors:rateLimited");
    throw data({ message }, { status: 429, headers: { "Retry-After": "60" } });
  }
  return next();
};

// Every document says it is adult content in a header too (site-meta.tsx puts it in the head).
const ratingHeader: Route.MiddlewareFunction = async (_, next) => {
  const response = (await next()) as Response;
  if (response.headers.get("Content-Type")?.startsWith("text/html")) response.headers.set("Rating", RTA_LABEL);
  return response;
};

export const middleware: Route.MiddlewareFunction[] = [
  ratingHeader,
  i18nextMiddleware,
  visitorCookies,
  pageAccess,
  rateLimitMiddleware,
];

// In the browser: a call that gets no answer keeps the page on screen, never the error page.
export const clientMiddleware: Route.ClientMiddlewareFunction[] = [keepPageWhenOffline];

export async function loader({ request, context }: Route.LoaderArgs) {
  const app = context.get(requestContext);
  return loadSiteChrome(app, {
    siteEntrySkippedAt: parseSkippedAt(readCookie(request, SITE_ENTRY_COOKIE)),
    trafficSource: trafficSource(request),
  });
}

export function Layout({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  const nonce = useNonce();
  const chrome = useRouteLoaderData<typeof loader>("root");
  const { pathname } = useLocation();
  const embedded = embeddedI18nJson(i18n.language, i18n.store?.data[i18n.language] ?? {}, pathname);
  const theme = chrome?.site.theme;
  // Says on the document when React has taken over the page, so whoever acts
  // on it (the end-to-end tests, monitoring) waits for buttons that work.
  useEffect(() => {
    document.documentElement.dataset.hydrated = "";
  }, []);
  return (
    <html
      lang={i18n.language}
      dir={i18n.dir(i18n.language)}
      style={theme ? ({ "--site-primary": theme.primary, "--site-secondary": theme.secondary } as object) : undefined}
    >
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <link rel="manifest" href="/manifest.webmanifest" />
        <link rel="apple-touch-icon" href="/app-icon/apple-touch-icon.png" />
        <meta name="theme-color" content={theme?.primary ?? DEFAULT_THEME.primary} />
        <Meta />
        <SiteMeta chrome={chrome} />
        {chrome && <SeoLinks seo={chrome.seo} />}
        <Links nonce={nonce} />
      </head>
      <body className="min-h-dvh bg-surface text-ink antialiased">
        {children}
        <script
          id={I18N_SCRIPT_ID}
          type="application/json"
          // biome-ignore lint/security/noDangerouslySetInnerHtml: translations are escaped by embeddedI18nJson
          dangerouslySetInnerHTML={{ __html: embedded }}
        />
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  return (
    <>
      <OfflineBar />
      <Outlet />
      <BounceBeacon />
      <AppRuntime />
      <TimeBonusModal />
      <ToastHost />
    </>
  );
}

// Errors outside any layout (the chat layout, the root loader) get the page's landmark here.
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <main id="main" tabIndex={-1} className="outline-none">
      <ErrorPage error={error} />
    </main>
  );
}
