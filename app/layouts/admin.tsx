// The operator console's layout: its own frame — no member navigation, footer
// or site-entry warning — desktop first, a horizontal menu on tablets. Who
// may open which console page is the page gate's (app/middleware/access.server.ts);
// the menu shows the pages the operator's role may open.
import { Outlet } from "react-router";
import { AdminFrame } from "#app/components/admin/frame.tsx";
import { AdminError } from "#app/components/admin/page.tsx";
import { requestContext } from "#app/context.ts";
import { operatorMayOpen } from "#app/server/access/policy.ts";
import { consolePages } from "#app/server/operators/roles.ts";
import type { Route } from "./+types/admin";

export function loader({ context }: Route.LoaderArgs) {
  const operator = context.get(requestContext).operator;
  if (!operator?.session.verified) return { operator: null, pages: [] };
  return {
    operator: { name: operator.name, email: operator.email, role: operator.role },
    pages: consolePages.filter(({ path }) => operatorMayOpen(operator.role, path)),
  };
}

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  return (
    <AdminFrame operator={loaderData.operator} pages={loaderData.pages}>
      <Outlet />
    </AdminFrame>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <AdminFrame operator={null} pages={[]}>
      <AdminError error={error} />
    </AdminFrame>
  );
}
