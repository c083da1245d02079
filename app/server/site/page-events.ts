// Bounce logging (when the address has `lb`, via /api/page-hidden.php):
// the page the visitor hid, recorded only when its address carries `lb`.
import type { RequestContext } from "#app/context.ts";
import { pageEvents } from "#app/server/db/schema.ts";

const MAX_PATH = 500;

/** The path of `page` (a same-site URL or path) when it asks for bounce logging, else null. */
export function bouncePath(page: string | null | undefined, origin: string): string | null {
  if (!page) return null;
  let url: URL;
  try {
    url = new URL(page, origin);
  } catch {
    return null;
  }
  if (url.origin !== origin || !url.searchParams.has("lb")) return null;
  return url.pathname.slice(0, MAX_PATH);
}

export async function recordPageHidden(
  app: Pick<RequestContext, "db" | "domain" | "member" | "now">,
  path: string,
): Promise<void> {
  await app.db.insert(pageEvents).values({
    domain: app.domain,
    path,
    kind: "hidden",
    userId: app.member?.id ?? null,
    createdAt: app.now(),
  });
}
