// The picture a shared link of a domain shows (Open Graph's og:image): a
// 1200×630 PNG, the size the big social sites ask for, of the domain's logo
// on its theme colours — never a member's photo. Drawn like the app icons
// (icons.ts), once per logo and theme per isolate.
//
// No text on it: resvg in wasm has no fonts, so the site's name would need a
// font file in the Worker (a few hundred KB for the letters of all eleven
// languages, parsed on every cold start) for what every social site already
// prints beside the picture (og:title, og:site_name).
import { SHARE_IMAGE } from "#app/components/layout/page-meta.ts";
import type { RequestContext } from "#app/context.ts";
import type { SiteSettings } from "#app/server/settings/schema.ts";
import { loadLogo, themeOf } from "./app-shell.ts";
import { type Logo, logoMark, svgToPng, WHITE_FILTER } from "./icons.ts";

const MARK = 300;
const CARD = 360;

/** The logo in the middle of the theme's gradient: white for a vector logo, a raster logo on a white card. */
function renderShareImage(logo: Logo, colours: { primary: string; secondary: string }) {
  const { width, height } = SHARE_IMAGE;
  const box = { x: (width - MARK) / 2, y: (height - MARK) / 2, size: MARK };
  const card =
    logo.kind === "raster"
      ? `<rect x="${(width - CARD) / 2}" y="${(height - CARD) / 2}" width="${CARD}" height="${CARD}" rx="48" fill="#fff"/>`
      : "";
  return svgToPng(`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
<linearGradient id="theme" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${colours.primary}"/><stop offset="1" stop-color="${colours.secondary}"/></linearGradient>
${WHITE_FILTER}
<rect width="${width}" height="${height}" fill="url(#theme)"/>
${card}
${logoMark(logo, box)}
</svg>`);
}

const images = new Map<string, Promise<Uint8Array<ArrayBuffer>>>();

export function shareImage(app: Pick<RequestContext, "log" | "origin">, settings: SiteSettings) {
  const { primary, secondary } = themeOf(settings);
  const key = `${primary}|${secondary}|${settings.logo}|${settings.logo.startsWith("/") ? app.origin : ""}`;
  let image = images.get(key);
  if (!image) {
    if (images.size > 100) images.clear();
    image = loadLogo(app, settings.logo, app.origin).then((logo) => renderShareImage(logo, { primary, secondary }));
    image.catch(() => images.delete(key));
    images.set(key, image);
  }
  return image;
}
