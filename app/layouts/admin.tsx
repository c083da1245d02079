// The operator console's layout (issue 9): its own frame — no member
// navigation, footer or site-entry warning — desktop first, a horizontal menu
// on tablets. Its middleware applies the console's access rule to every
// request React Router serves below it (documents, .data fetches, form posts):
// no operator → the login, wrong role → 403.
import { data, Outlet, redirect } from "react-router";
import { AdminFrame } from "#app/components/admin/frame.tsx";
import { AdminError } from "#app/components/admin/page.tsx";
import { requestContext } from "#app/context.ts";
import { translator } from "#app/i18n/i18next.server.ts";
import { operatorOf } from "#app/server/operators/context.ts";
import { admit, consolePath, loginPath } from "#app/server/operators/gate.ts";
import { can, consolePages } from "#app/server/operators/roles.ts";
import type { Route } from "./+types/admin";

const consoleAccess: Route.MiddlewareFunction = async ({ request, context }) => {
  const app = context.get(requestContext);
  const url = new URL(request.url);
  const path = consolePath(url.pathname) ?? url.pathname;
  const admission = admit(path, operatorOf(app));
  if (admission === "login") throw redirect(loginPath(path + url.search));
  if (admission === "forbidden")
    throw data({ message: translator(app.locale)("admin:errors.forbidden") }, { status: 403 });
};

export const middleware: Route.MiddlewareFunction[] = [consoleAccess];

export function loader({ context }: Route.LoaderArgs) {
  const operator = operatorOf(context.get(requestContext));
  if (!operator?.session.verified) return { operator: null, pages: [] };
  return {
    operator: { name: operator.name, email: operator.email, role: operator.role },
    pages: consolePages.filter((page) => can(operator.role, page.permission)).map(({ path, key }) => ({ path, key })),
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
