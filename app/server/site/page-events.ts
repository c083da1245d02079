// Bounce logging (when the address has `lb`, via /api/page-hidden.php):
// the page the visitor hid, recorded only when its address carries `lb`.
// Nothing in the app reads these rows; operators may query them, so they are
// kept 30 days and then forgotten by the hourly job.
import { and, lt } from "drizzle-orm";
import type { RequestContext } from "#app/context.ts";
import { amongOldestIds, forgetInBites } from "#app/server/db/forget-in-bites.ts";
import { pageEvents } from "#app/server/db/schema.ts";

const MAX_PATH = 500;
const KEPT_FOR_MS = 30 * 86_400_000;

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

/** The hourly job: beacons older than 30 days are forgotten, oldest first. */
export function forgetOldPageEvents(app: Pick<RequestContext, "db">, now: number) {
  return forgetInBites(() =>
    app.db
      .delete(pageEvents)
      .where(and(amongOldestIds(pageEvents, pageEvents.id), lt(pageEvents.createdAt, now - KEPT_FOR_MS)))
      .run(),
  );
}
