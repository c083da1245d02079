// GET /account/export: the member's own data as a ZIP download, streamed as it
// is read (no length known up front; a failure midway breaks the download).
import { requireMember } from "#app/routing/guards.server.ts";
import { memberDataExport } from "#app/server/privacy/export.ts";
import type { Route } from "./+types/account-export";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { app, member } = requireMember(context, request);
  const zip = await memberDataExport(app, member.id);
  if (!zip) throw new Response(null, { status: 404 });
  const day = new Date(app.now()).toISOString().slice(0, 10);
  return new Response(zip, {
    headers: {
      "Content-Type": "application/zip",
      "Content-Disposition": `attachment; filename="${app.settings.name.replace(/[^\w-]/g, "")}-data-${day}.zip"`,
      "Cache-Control": "private, no-store",
    },
  });
}
