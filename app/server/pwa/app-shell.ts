// The installable app of a domain, in its theme: its web app
// manifest, its icons (drawn from the domain's logo, cached per isolate) and
// the offline page the service worker keeps (offline-page.tsx).
import type { RequestContext } from "#app/context.ts";
import type { Locale } from "#app/i18n/locales.ts";
import { localizedText } from "#app/i18n/localized-text.ts";
import type { SiteSettings } from "#app/server/settings/schema.ts";
import { DEFAULT_THEME } from "#app/theme.ts";
import { heartLogo, type IconFile, type Logo, renderIcon, svgLogo } from "./icons.ts";

export const themeOf = (settings: SiteSettings) => ({ ...DEFAULT_THEME, ...settings.theme });

/** Changes whenever the icon would: browsers cache icons hard. */
function iconVersion(settings: SiteSettings) {
  let hash = 0;
  for (const char of `${themeOf(settings).primary}|${settings.logo}`) hash = (hash * 31 + char.charCodeAt(0)) | 0;
  return (hash >>> 0).toString(36);
}

export function webManifest(settings: SiteSettings, locale: Locale) {
  const theme = themeOf(settings);
  const v = iconVersion(settings);
  return {
    id: "/",
    name: settings.name,
    short_name: settings.name.length > 12 ? settings.name.slice(0, 12).trim() : settings.name,
    description: localizedText(settings.description, locale) || undefined,
    lang: locale,
    dir: "ltr",
    start_url: "/",
    scope: "/",
    display: "standalone",
    theme_color: theme.primary,
    background_color: theme.surface,
    categories: ["social", "lifestyle"],
    icons: [
      { src: `/app-icon/192.png?v=${v}`, sizes: "192x192", type: "image/png", purpose: "any" },
      { src: `/app-icon/512.png?v=${v}`, sizes: "512x512", type: "image/png", purpose: "any" },
      { src: `/app-icon/maskable-512.png?v=${v}`, sizes: "512x512", type: "image/png", purpose: "maskable" },
    ],
  };
}

const MAX_LOGO_BYTES = 2 * 1024 * 1024;

/** The domain's logo as something to draw; the heart when it has none or it cannot be read. */
export async function loadLogo(app: Pick<RequestContext, "log">, logo: string, origin: string): Promise<Logo> {
  if (!logo) return heartLogo();
  try {
    const response = await fetch(new URL(logo, origin), { signal: AbortSignal.timeout(5_000) });
    if (!response.ok) throw new Error(`logo answered ${response.status}`);
    const bytes = new Uint8Array(await response.arrayBuffer());
    if (bytes.length > MAX_LOGO_BYTES) throw new Error("logo too large");
    const type = response.headers.get("content-type") ?? "";
    if (type.includes("svg") || /\.svg$/i.test(new URL(logo, origin).pathname)) {
      const vector = await svgLogo(new TextDecoder().decode(bytes));
      if (!vector) throw new Error("logo SVG draws nothing");
      return vector;
    }
    return { kind: "raster", bytes };
  } catch (error) {
    app.log.warn("app icon or share image drawn from the heart: the domain's logo could not be used", {
      logo,
      error: error instanceof Error ? error.message : String(error),
    });
    return heartLogo();
  }
}

const icons = new Map<string, Promise<Uint8Array<ArrayBuffer>>>();

export function appIcon(app: Pick<RequestContext, "log" | "origin">, settings: SiteSettings, file: IconFile) {
  const primary = themeOf(settings).primary;
  const key = `${file}|${primary}|${settings.logo}|${settings.logo.startsWith("/") ? app.origin : ""}`;
  let icon = icons.get(key);
  if (!icon) {
    if (icons.size > 200) icons.clear();
    icon = loadLogo(app, settings.logo, app.origin).then((logo) => renderIcon(file, logo, primary));
    icon.catch(() => icons.delete(key));
    icons.set(key, icon);
  }
  return icon;
}
