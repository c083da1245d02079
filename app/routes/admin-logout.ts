// /admin/logout (POST): ends the operator's session.
import { redirect } from "react-router";
import { requestContext } from "#app/context.ts";
import { operatorLogOut } from "#app/server/operators/login.ts";
import { clearedOperatorCookie } from "#app/server/operators/session.ts";
import type { Route } from "./+types/admin-logout";

export const loader = () => redirect("/admin");

export async function action({ request, context }: Route.ActionArgs) {
  const app = context.get(requestContext);
  const operator = app.operator;
  if (operator) await operatorLogOut(app, operator);
  return redirect("/admin/login", { headers: { "Set-Cookie": clearedOperatorCookie(request) } });
}
