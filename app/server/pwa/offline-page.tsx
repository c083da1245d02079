// The page the service worker keeps for when the network is gone: complete in
// itself (no scripts, styles inline), in the domain's theme and the member's
// language. React writes it, so the site name and texts are escaped.
import { renderToStaticMarkup } from "react-dom/server";
import { translator } from "#app/i18n/i18next.server.ts";
import type { Locale } from "#app/i18n/locales.ts";
import type { SiteSettings } from "#app/server/settings/schema.ts";
import { themeOf } from "./app-shell.ts";
import { HEART_PATH } from "./icons.ts";

const fontFamily = "-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Helvetica,Arial,sans-serif";

export function offlinePage(settings: SiteSettings, locale: Locale): string {
  const t = translator(locale);
  const theme = themeOf(settings);
  const text = (key: string) => t(`notifications-push:offline.${key}`, { siteName: settings.name });
  const page = (
    <html lang={locale}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content={theme.primary} />
        <title>{`${text("title")} – ${settings.name}`}</title>
      </head>
      <body
        style={{
          margin: 0,
          minHeight: "100vh",
          display: "flex",
          alignItems: "center",
          justifyContent: "center",
          background: theme.surface,
          color: "#221a17",
          fontFamily,
        }}
      >
        <main
          style={{
            maxWidth: "28rem",
            margin: "1.5rem",
            padding: "2rem",
            background: "#fff",
            border: "1px solid #e8ddd6",
            borderRadius: "1rem",
            textAlign: "center",
          }}
        >
          <svg viewBox="0 0 24 24" width="48" height="48" aria-hidden="true">
            <path fill={theme.primary} d={HEART_PATH} />
          </svg>
          <h1 style={{ fontSize: "1.5rem", margin: "0.75rem 0" }}>{text("title")}</h1>
          <p style={{ lineHeight: 1.6, color: "#6b5d56", margin: "0 0 1.5rem" }}>{text("body")}</p>
          {/* The address the member asked for (this page stands in for it): following it tries the network again. */}
          <a
            // biome-ignore lint/a11y/useValidAnchor: an empty href is the current address, which is the point
            href=""
            style={{
              display: "inline-block",
              padding: "0.75rem 1.5rem",
              borderRadius: 999,
              background: theme.primary,
              color: "#fff",
              textDecoration: "none",
              fontWeight: 700,
            }}
          >
            {text("retry")}
          </a>
        </main>
      </body>
    </html>
  );
  return `<!doctype html>\n${renderToStaticMarkup(page)}\n`;
}
