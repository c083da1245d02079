// Plain (unsigned) cookies shared by React Router routes and Hono handlers, so
// the locale cookie written by /api/settings.php and by /lang-config is one thing.
import { type CookieOptions, parse, serialize } from "hono/utils/cookie";

export function readCookie(request: Request, name: string): string | undefined {
  const header = request.headers.get("cookie");
  return header ? parse(header, name)[name] : undefined;
}

export function cookieHeader(request: Request, name: string, value: string, options: CookieOptions = {}): string {
  return serialize(name, value, {
    path: "/",
    sameSite: "Lax",
    secure: new URL(request.url).protocol === "https:",
    ...options,
  });
}
